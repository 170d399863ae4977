import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { testChain } from "../../test/fixtures";
import { GasStatusView } from "./gas-status";
import { formatTokenAmount } from "./native-balance";
import { gasPayer } from "./use-sponsorship";

afterEach(() => cleanup());

const zkFair = testChain({
  id: 42766,
  key: "zkFair",
  name: "zkFair",
  native_currency: { name: "USD Coin", symbol: "USDC", decimals: 18 },
  bridge_url: "https://wallet.zkfair.io/",
});
const wallet = "0x1234567890abcdef1234567890abcdef12345678";

describe("who pays the gas, said before the member signs", () => {
  it("says the action is free while Arcana sponsors it, with what is left today", () => {
    render(
      <GasStatusView
        chain={zkFair}
        payer={{ payer: "arcana", leftToday: 4 }}
        balance="0"
        wallet={wallet}
        verb="check in"
      />,
    );
    expect(screen.getByTestId("gas-free").textContent).toMatch(
      /^Free: Arcana pays the gas on zkFair\..*4 free transactions left today/,
    );
  });

  it("with sponsorship off and an empty wallet: names the gas token, the network, the balance and the bridge", () => {
    render(
      <GasStatusView
        chain={zkFair}
        payer={{ payer: "member", reason: "quota_used" }}
        balance="0"
        wallet={wallet}
        verb="check in"
      />,
    );
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
    render(
      <GasStatusView
        chain={zkFair}
        payer={{ payer: "member", reason: "not_configured" }}
        balance="1000"
        wallet={wallet}
        verb="check in"
      />,
    );
    expect(screen.queryByTestId("gas-needed")).toBeNull();
    expect(screen.getByTestId("gas-paid").textContent).toBe(
      "Arcana does not pay the gas for this on zkFair. You pay the gas in USDC on zkFair.",
    );
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
