import { creditCheckInRoute, creditTarotRecordRoute } from "@arcana/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api";
import { creditDailyTransaction, dailyErrorMessage } from "./daily-contract";
import { fetchCheckInStatus } from "./use-check-in";

const transaction = { tx_hash: `0x${"ab".repeat(32)}` as const, chain_id: 31337 };

afterEach(() => vi.unstubAllGlobals());

describe("messages for a failed check-in or tarot record", () => {
  it("turns the contract's AlreadyCheckedIn revert, however wrapped, into plain words", () => {
    // writeContractAndWait rethrows a failed simulation as an Error carrying the decoded error name.
    const simulated = new Error("AlreadyCheckedIn", { cause: new Error("The contract function reverted") });
    expect(dailyErrorMessage(simulated)).toBe("You have already checked in today. A new check-in opens at 00:00 GMT.");
    const decoded = Object.assign(new Error("Execution reverted"), { data: { errorName: "TarotAlreadyRecorded" } });
    expect(dailyErrorMessage(new Error("wrapped", { cause: decoded }))).toBe(
      "Today's draw is already recorded on this network.",
    );
  });

  it("shows the API's own message, and a wallet refusal as a rejected request", () => {
    const api = new ApiRequestError({
      status: 403,
      code: "forbidden",
      message: "Bind a wallet to your account first.",
    });
    expect(dailyErrorMessage(api)).toBe("Bind a wallet to your account first.");
    const rejected = Object.assign(new Error("User rejected the request."), { code: 4001 });
    expect(dailyErrorMessage(rejected)).toMatch(/^Request rejected/);
  });
});

describe("crediting a mined transaction", () => {
  it("asks again while the network has not confirmed it (409), then returns the credit", async () => {
    const answers = [
      Response.json({ error: { code: "conflict", message: "not confirmed yet" } }, { status: 409 }),
      Response.json({ error: { code: "conflict", message: "not confirmed yet" } }, { status: 409 }),
      Response.json({ data: { credited: true, date: "2026-11-22", streak: 1, points: 10 } }),
    ];
    const fetch = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal("fetch", fetch);
    const result = await creditDailyTransaction(creditCheckInRoute, transaction, { delayMs: 0 });
    expect(result).toEqual({ credited: true, date: "2026-11-22", streak: 1, points: 10 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("leaves a still-unconfirmed transaction to the indexer (null) after its tries", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "conflict", message: "not yet" } }, { status: 409 })),
    );
    expect(await creditDailyTransaction(creditTarotRecordRoute, transaction, { attempts: 3, delayMs: 0 })).toBeNull();
  });

  it("stops at once on any other refusal", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: { code: "forbidden", message: "Another wallet sent it." } }, { status: 403 }),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(creditDailyTransaction(creditCheckInRoute, transaction, { delayMs: 0 })).rejects.toThrow(
      "Another wallet sent it.",
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("loading the check-in week", () => {
  it("swallows a failure and answers nothing, so the page shows its empty state", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "internal_error", message: "boom" } }, { status: 500 })),
    );
    expect(await fetchCheckInStatus()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await fetchCheckInStatus()).toBeNull();
  });
});
