import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../lib/api";
import { contractErrorMessage } from "./contract-errors";

const wording = { formatTime: (date: Date) => `[${date.toISOString()} local]`, gasCurrency: "USDC" };

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
    expect(contractErrorMessage(simulated)).toBe(
      "You have already checked in today. A new check-in opens at 00:00 GMT.",
    );
    const decoded = Object.assign(new Error("Execution reverted"), { data: { errorName: "TarotAlreadyRecorded" } });
    expect(contractErrorMessage(new Error("wrapped", { cause: decoded }))).toBe(
      "Today's draw is already recorded on this network.",
    );
  });
});
