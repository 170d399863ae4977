import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../../lib/api";
import { passActionErrorMessage } from "./pass-errors";

const wording = { formatTime: (date: Date) => `[${date.toISOString()} local]`, gasCurrency: "USDC" };

describe("what a member reads when a pass action fails", () => {
  it("shows the unlock time in the member's own time", () => {
    const early = new ApiRequestError({
      status: 409,
      code: "conflict",
      message: "Genesis Pass #1 can be unstaked from 2025-03-02T08:30:00Z.",
      unlocksAt: "2025-03-02T08:30:00Z",
    });
    expect(passActionErrorMessage(early, wording)).toBe(
      "Genesis Pass #1 can be unstaked from [2025-03-02T08:30:00.000Z local].",
    );
  });

  it("passes the server's other refusals on as they are", () => {
    const refused = new ApiRequestError({
      status: 403,
      code: "forbidden",
      message: "Your account is not on the mint allowlist yet.",
    });
    expect(passActionErrorMessage(refused, wording)).toBe("Your account is not on the mint allowlist yet.");
  });

  it("puts the contract's revert reason in words, however deeply wagmi wrapped it", () => {
    const decoded = new Error('The contract function "stake" reverted.', {
      cause: Object.assign(new Error("reverted"), { data: { errorName: "AlreadyStaked" } }),
    });
    expect(passActionErrorMessage(decoded, wording)).toBe("This pass is already staked.");
    // writeContractAndWait rethrows a failed simulation with the decoded error name as its message.
    expect(passActionErrorMessage(new Error("AuthorizationExpired"), wording)).toMatch(/authorization expired/);
  });

  it("says when the wallet cannot pay for gas, in the network's gas currency", () => {
    const poor = new Error("Transaction failed", {
      cause: Object.assign(new Error("insufficient funds for gas * price + value"), {
        name: "InsufficientFundsError",
      }),
    });
    expect(passActionErrorMessage(poor, wording)).toBe(
      "Your wallet does not have enough USDC to pay for gas on this network.",
    );
  });

  it("uses the wallet's own wording for a declined request and a wrong network", () => {
    const declined = Object.assign(new Error("User rejected the request."), { code: 4001 });
    expect(passActionErrorMessage(declined, wording)).toMatch(/^Request rejected/);
    const mismatch = Object.assign(new Error("Chain mismatch: Expected Local chain, received opBNB."), {
      name: "ChainMismatchError",
    });
    expect(passActionErrorMessage(mismatch, wording)).toBe("Chain mismatch: Expected Local chain, received opBNB.");
  });
});
