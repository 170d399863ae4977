import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../lib/api";
import { testT } from "../test/fixtures";
import { contractErrorMessage } from "./contract-errors";
import { RelayFailedError, RelayStillPendingError } from "./sponsored-write";

const t = testT("en");
const wording = { t, formatTime: (date: Date) => `[${date.toISOString()} local]`, gasCurrency: "USDC" };

describe("what a member reads when a contract write fails", () => {
  it("shows the unlock time in the member's own time", () => {
    const early = new ApiRequestError({
      status: 409,
      code: "conflict",
      message: "Genesis Pass #1 can be unstaked from 2025-03-02T08:30:00Z.",
      unlocksAt: "2025-03-02T08:30:00Z",
    });
    expect(contractErrorMessage(early, wording)).toBe(
      "Genesis Pass #1 can be unstaked from [2025-03-02T08:30:00.000Z local].",
    );
  });

  it("passes the server's other refusals on as they are", () => {
    const refused = new ApiRequestError({
      status: 403,
      code: "forbidden",
      message: "Your account is not on the mint allowlist yet.",
    });
    expect(contractErrorMessage(refused, wording)).toBe("Your account is not on the mint allowlist yet.");
  });

  it("puts the contract's revert reason in words, however deeply wagmi wrapped it", () => {
    const decoded = new Error('The contract function "stake" reverted.', {
      cause: Object.assign(new Error("reverted"), { data: { errorName: "AlreadyStaked" } }),
    });
    expect(contractErrorMessage(decoded, wording)).toBe("This pass is already staked.");
    // writeContractAndWait rethrows a failed simulation with the decoded error name as its message.
    expect(contractErrorMessage(new Error("AuthorizationExpired"), wording)).toMatch(/authorization expired/);
  });

  it("says when the wallet cannot pay for gas, in the network's gas currency", () => {
    const poor = new Error("Transaction failed", {
      cause: Object.assign(new Error("insufficient funds for gas * price + value"), {
        name: "InsufficientFundsError",
      }),
    });
    expect(contractErrorMessage(poor, wording)).toBe(
      "Your wallet does not have enough USDC to pay for gas on this network.",
    );
  });

  it("uses the wallet's own wording for a declined request and a wrong network", () => {
    const declined = Object.assign(new Error("User rejected the request."), { code: 4001 });
    expect(contractErrorMessage(declined, wording)).toMatch(/^Request rejected/);
    const mismatch = Object.assign(new Error("Chain mismatch: Expected Local chain, received opBNB."), {
      name: "ChainMismatchError",
    });
    expect(contractErrorMessage(mismatch, wording)).toBe("Chain mismatch: Expected Local chain, received opBNB.");
  });

  it("turns the Daily contract's reverts, however wrapped, into plain words", () => {
    // writeContractAndWait rethrows a failed simulation as an Error carrying the decoded error name.
    const simulated = new Error("AlreadyCheckedIn", { cause: new Error("The contract function reverted") });
    expect(contractErrorMessage(simulated, { t })).toBe(
      "You have already checked in today. A new check-in opens at 00:00 GMT.",
    );
    const decoded = Object.assign(new Error("Execution reverted"), { data: { errorName: "TarotAlreadyRecorded" } });
    expect(contractErrorMessage(new Error("wrapped", { cause: decoded }), { t })).toBe(
      "Today's draw is already recorded on this network.",
    );
  });

  it("says a refused or failed relay in the page's language, with the day's quota", () => {
    const quota = new ApiRequestError({
      status: 429,
      code: "quota_used",
      message: "You have used your 3 sponsored transactions today (GMT).",
      quota: 3,
    });
    const zh = testT("zh-CN");
    expect(contractErrorMessage(quota, { t: zh })).toBe("你今天（GMT）的 3 笔免费交易已用完。你可以自己支付 Gas 费。");
    expect(contractErrorMessage(quota, { t })).toBe(
      "You have used your 3 free transactions for today (GMT). You can pay the gas yourself.",
    );
    const reverted = new ApiRequestError({
      status: 409,
      code: "simulation_reverted",
      message: "The call would fail on chain: AlreadyCheckedIn(20415).",
      revert: "AlreadyCheckedIn",
    });
    expect(contractErrorMessage(reverted, { t: testT("ja") })).toBe(
      "本日はすでにチェックイン済みです。次のチェックインは GMT 00:00 に始まります。",
    );
    expect(contractErrorMessage(reverted, { t })).toBe(
      "You have already checked in today. A new check-in opens at 00:00 GMT.",
    );
    const failed = new RelayFailedError("The call reverted on chain.", "call_reverted");
    expect(contractErrorMessage(failed, { t: testT("tr") })).toMatch(/^Ücretsiz işlem gerçekleşmedi: sözleşme/);
    expect(contractErrorMessage(new RelayFailedError("The node said no."), { t: testT("vi") })).toBe(
      "Giao dịch miễn phí không thành công. Hãy thử lại hoặc tự trả phí gas.",
    );
    expect(contractErrorMessage(new RelayStillPendingError(), { t: testT("ko") })).toMatch(/^Arcana이\(가\) 서명한/);
  });
});
