import type { Language } from "@arcana/protocol";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testChain } from "../../test/fixtures";
import { WithMessages } from "../../test/with-messages";
import { GasStatusView } from "./gas-status";
import { formatTokenAmount } from "./native-balance";
import { RelayProgressView } from "./relay-progress";
import { type GasPayer, gasPayer } from "./use-sponsorship";

afterEach(() => cleanup());

const zkFair = testChain({
  id: 42766,
  key: "zkFair",
  name: "zkFair",
  native_currency: { name: "USD Coin", symbol: "USDC", decimals: 18 },
  bridge_url: "https://wallet.zkfair.io/",
});
const wallet = "0x1234567890abcdef1234567890abcdef12345678";

/** The gas notice before a check-in on zkFair from the test wallet: who pays, and what the wallet holds. */
function renderGasStatus(
  payer: GasPayer,
  balance: string,
  { verb = "check in", language }: { verb?: string; language?: Language } = {},
) {
  render(
    <WithMessages language={language}>
      <GasStatusView chain={zkFair} payer={payer} balance={balance} wallet={wallet} verb={verb} />
    </WithMessages>,
  );
}

describe("who pays the gas, said before the member signs", () => {
  it("says the action is free while Arcana sponsors it, with what is left today", () => {
    renderGasStatus({ payer: "arcana", leftToday: 4 }, "0");
    expect(screen.getByTestId("gas-free").textContent).toMatch(
      /^Free: Arcana pays the gas on zkFair\..*4 free transactions left today/,
    );
  });

  it("with sponsorship off and an empty wallet: names the gas token, the network, the balance and the bridge", () => {
    renderGasStatus({ payer: "member", reason: "quota_used" }, "0");
    const notice = screen.getByTestId("gas-needed");
    expect(notice.textContent).toBe(
      "You have used your free transactions for today (GMT). To check in you pay the gas yourself, in USDC on zkFair, " +
        "and your wallet 0x1234…5678 holds 0 USDC. Get USDC on zkFair",
    );
    expect(screen.getByRole("link", { name: "Get USDC on zkFair" }).getAttribute("href")).toBe(
      "https://wallet.zkfair.io/",
    );
  });

  it("with sponsorship off and gas in the wallet: only says who pays", () => {
    renderGasStatus({ payer: "member", reason: "not_configured" }, "1000");
    expect(screen.queryByTestId("gas-needed")).toBeNull();
    expect(screen.getByTestId("gas-paid").textContent).toBe(
      "Arcana does not pay the gas for this on zkFair. You pay the gas in USDC on zkFair.",
    );
  });

  it("says it in the page's language: the reason, the token, the network, the balance and the bridge", () => {
    renderGasStatus({ payer: "member", reason: "budget_spent" }, "0", { verb: "签到", language: "zh-CN" });
    expect(screen.getByTestId("gas-needed").textContent).toBe(
      "今天 zkFair 上的免费交易额度已用完。要签到，你需要用 zkFair 上的 USDC 自己支付 Gas 费，" +
        "而你的钱包 0x1234…5678 余额为 0 USDC。获取 zkFair 上的 USDC",
    );
    expect(screen.getByRole("link", { name: "获取 zkFair 上的 USDC" }).getAttribute("href")).toBe(
      "https://wallet.zkfair.io/",
    );
  });

  it("shows a relay's steps and its transaction in the page's language", () => {
    render(
      <WithMessages language="ja">
        <RelayProgressView
          progress={{ step: "confirmed", chainId: 42766, txHash: `0x${"ab".repeat(32)}` }}
          explorerUrl="https://scan.zkfair.io/"
          credits
        />
      </WithMessages>,
    );
    const steps = screen.getByRole("list", { name: "無料トランザクションの進行状況" });
    expect([...steps.querySelectorAll("li")].map((step) => step.textContent)).toEqual([
      "署名済み",
      "送信済み",
      "承認済み",
      "付与済み",
    ]);
    expect(screen.getByRole("link", { name: "トランザクションを見る" }).getAttribute("href")).toBe(
      `https://scan.zkfair.io/tx/0x${"ab".repeat(32)}`,
    );
  });

  it("never ticks Confirmed while the page still waits for the chain's result to show (a stake not indexed yet)", () => {
    const progress = { step: "confirmed" as const, chainId: 42766, txHash: `0x${"ab".repeat(32)}` as const };
    const steps = () =>
      [...screen.getByRole("list").querySelectorAll("li")].map(
        (step) =>
          `${step.className.includes("done") ? "✓" : "…"}${step.textContent}${step.getAttribute("aria-current") ? "*" : ""}`,
      );
    const view = render(
      <WithMessages>
        <RelayProgressView progress={progress} explorerUrl={null} credits={false} awaitingState />
      </WithMessages>,
    );
    expect(steps()).toEqual(["✓Signed", "✓Sent", "…Confirmed*"]);
    view.rerender(
      <WithMessages>
        <RelayProgressView progress={progress} explorerUrl={null} credits={false} />
      </WithMessages>,
    );
    expect(steps()).toEqual(["✓Signed", "✓Sent", "✓Confirmed*"]);
  });

  it("reads the API: an action not sponsored, a day's quota used, a chain not listed", () => {
    const chain = {
      chain_id: 42766,
      enabled: true,
      forwarder: null,
      actions: ["check_in" as const],
      left_today: 2,
      next_nonce: "0",
      reason: null,
    };
    expect(gasPayer({ chains: [chain] }, 42766, "check_in")).toEqual({ payer: "arcana", leftToday: 2 });
    expect(gasPayer({ chains: [chain] }, 42766, "mint")).toEqual({ payer: "member", reason: "not_configured" });
    expect(
      gasPayer({ chains: [{ ...chain, enabled: false, left_today: 0, reason: "quota_used" }] }, 42766, "check_in"),
    ).toEqual({ payer: "member", reason: "quota_used" });
    expect(gasPayer({ chains: [] }, 42766, "check_in")).toEqual({ payer: "member", reason: "not_configured" });
    expect(gasPayer(undefined, 42766, "check_in")).toEqual({ payer: "unknown" });
  });

  it("formats balances in the token's units", () => {
    expect(formatTokenAmount(0n, 18)).toBe("0");
    expect(formatTokenAmount(1_234_500_000_000_000_000n, 18)).toBe("1.2345");
    expect(formatTokenAmount(5n, 18)).toBe("0");
  });
});
