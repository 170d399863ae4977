import { listPointsHistoryRoute } from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../shared/errors.js";
import { apiClient, dataOf, errorCode } from "../../test/api-client.js";
import { testAppPerFile, testClock } from "../../test/app.js";
import { balanceOf, createMemberRow, signUpMember } from "../../test/members.js";
import {
  grantPoints,
  grantPointsBatch,
  ledgerLabel,
  nextCreditReference,
  nextCreditReferences,
  spendPoints,
} from "./api.js";
import { ledgerEntries } from "./schema.js";

const clock = testClock();
const t = testAppPerFile({ now: clock.now });
// The app is created in the file's beforeAll: the client reaches it when called.
const api = () => apiClient(t.app);

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.sum ?? 0);
}

async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return "none";
}

describe("granting and spending points", () => {
  it("credits a grant once: the same kind and reference never lands twice", async () => {
    const userId = await createMemberRow(t.database.db, "grant-once@example.com");
    const first = await grantPoints(t.database.db, { userId, kind: "check_in", amount: 15, reference: "grant-once:1" });
    const again = await grantPoints(t.database.db, { userId, kind: "check_in", amount: 15, reference: "grant-once:1" });
    expect(first.granted).toBe(true);
    expect(again.granted).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(await balanceOf(t.database.db, userId)).toBe(15);
  });

  it("refuses a spend larger than the balance with insufficient_points and writes nothing", async () => {
    const userId = await createMemberRow(t.database.db, "spend-too-much@example.com");
    await grantPoints(t.database.db, { userId, kind: "check_in", amount: 10, reference: "spend-too-much:1" });
    const code = await errorCodeOf(spendPoints(t.database.db, { userId, kind: "box", amount: 11, reference: "b1" }));
    expect(code).toBe("insufficient_points");
    expect(await balanceOf(t.database.db, userId)).toBe(10);
    expect(await ledgerSum(userId)).toBe(10);
    const spent = await spendPoints(t.database.db, { userId, kind: "box", amount: 10, reference: "b1" });
    expect(spent.spent).toBe(true);
    expect(spent.entry.amount).toBe(-10);
    expect(await balanceOf(t.database.db, userId)).toBe(0);
  });

  it("joins the caller's transaction: a failure after the grant undoes it", async () => {
    const userId = await createMemberRow(t.database.db, "joined@example.com");
    await expect(
      t.database.db.transaction(async (tx) => {
        await grantPoints(tx, { userId, kind: "check_in", amount: 5, reference: "joined:1" });
        throw new Error("the caller's next step failed");
      }),
    ).rejects.toThrow("the caller's next step failed");
    expect(await balanceOf(t.database.db, userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
  });

  it("keeps the balance non-negative and equal to the ledger sum after any sequence of moves", async () => {
    let run = 0;
    const move = fc.record({
      type: fc.constantFrom("grant", "spend", "repeat"),
      amount: fc.integer({ min: 1, max: 50 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 25 }), async (moves) => {
        run += 1;
        const userId = await createMemberRow(t.database.db, `property-${run}@example.com`);
        const references: string[] = [];
        for (const [index, { type, amount }] of moves.entries()) {
          if (type === "spend") {
            await spendPoints(t.database.db, { userId, kind: "spend", amount, reference: `${userId}:${index}` }).catch(
              (error: unknown) => {
                if (!(error instanceof ApiError && error.code === "insufficient_points")) throw error;
              },
            );
          } else {
            const reference =
              type === "repeat" && references.length > 0 ? (references.at(-1) as string) : `${userId}:${index}`;
            await grantPoints(t.database.db, { userId, kind: "grant", amount, reference });
            references.push(reference);
          }
          const balance = await balanceOf(t.database.db, userId);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(await ledgerSum(userId));
        }
      }),
      { numRuns: 15 },
    );
  });

  it("credits 20 concurrent identical grants exactly once", async () => {
    const userId = await createMemberRow(t.database.db, "concurrent-grant@example.com");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        grantPoints(t.database.db, { userId, kind: "check_in", amount: 7, reference: "concurrent-grant:1" }),
      ),
    );
    expect(results.filter((result) => result.granted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entry.id)).size).toBe(1);
    expect(await balanceOf(t.database.db, userId)).toBe(7);
  });

  it("never lets concurrent spends take the balance below zero", async () => {
    const userId = await createMemberRow(t.database.db, "concurrent-spend@example.com");
    await grantPoints(t.database.db, { userId, kind: "grant", amount: 100, reference: "concurrent-spend:seed" });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        spendPoints(t.database.db, { userId, kind: "spend", amount: 30, reference: `concurrent-spend:${index}` }).then(
          () => "spent",
          (error: unknown) => (error instanceof ApiError ? error.code : "crashed"),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "spent")).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === "insufficient_points")).toHaveLength(17);
    expect(await balanceOf(t.database.db, userId)).toBe(10);
    expect(await ledgerSum(userId)).toBe(10);
  });
});

describe("GET /assets", () => {
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    member = await signUpMember(t, "history@example.com");
    for (let index = 0; index < 5; index++) {
      clock.advance(60_000);
      await grantPoints(t.database.db, {
        userId: member.userId,
        kind: "check_in",
        amount: 10 + index,
        reference: `history:${index}`,
        label: `Daily check-in (day ${index + 1} streak)`,
        at: clock.now(),
      });
    }
    // Two moves in the same millisecond still page in a stable order (the id breaks the tie).
    await spendPoints(t.database.db, {
      userId: member.userId,
      kind: "box_purchase",
      amount: 3,
      reference: "h:a",
      at: clock.now(),
    });
  });

  /** A page of the member's history (a refusal throws), with the answer's status. */
  async function page(query: { per_page?: number; cursor?: string }) {
    const res = await api().call(listPointsHistoryRoute, { query, auth: member.auth });
    return { status: res.status, data: await dataOf(listPointsHistoryRoute, res) };
  }

  /** The status and error code of a refused page. */
  async function refusal(answer: Promise<Response>) {
    const res = await answer;
    return { status: res.status, code: await errorCode(res) };
  }

  it("lists the member's points history newest first with human labels", async () => {
    const { status, data } = await page({ per_page: 100 });
    expect(status).toBe(200);
    expect(data.items.map((item) => item.amount)).toEqual([-3, 14, 13, 12, 11, 10]);
    expect(data.items[1]).toMatchObject({
      kind: "check_in",
      label: "Daily check-in (day 5 streak)",
      reference: "history:4",
      created_at: clock.now().toISOString(),
    });
    expect(data.items[0]?.label).toBe("Box purchase");
    expect(data.next_cursor).toBeNull();
  });

  it("pages through every entry exactly once with the cursor", async () => {
    const seen: number[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const { status, data } = await page({ per_page: 4, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      seen.push(...data.items.map((item) => item.amount));
      cursor = data.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual([-3, 14, 13, 12, 11, 10]);
  });

  it("defaults to 100 per page and refuses per_page outside 1–100", async () => {
    expect((await page({})).data.items).toHaveLength(6);
    for (const bad of ["0", "101", "abc", "2.5"]) {
      const { status, code } = await refusal(
        api().unchecked(listPointsHistoryRoute, { query: { per_page: bad }, auth: member.auth }),
      );
      expect(status).toBe(400);
      expect(code).toBe("bad_request");
    }
  });

  it("refuses a forged cursor with 400", async () => {
    const { status, code } = await refusal(
      api().call(listPointsHistoryRoute, { query: { cursor: "not-a-cursor" }, auth: member.auth }),
    );
    expect(status).toBe(400);
    expect(code).toBe("bad_request");
  });

  it("finding 8: refuses a cursor whose date PostgreSQL cannot store with 400, not 500", async () => {
    for (const iso of ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "-000001-01-01T00:00:00.000Z"]) {
      const cursor = Buffer.from(`${iso}|1`).toString("base64url");
      const { status, code } = await refusal(
        api().call(listPointsHistoryRoute, { query: { cursor }, auth: member.auth }),
      );
      expect(status).toBe(400);
      expect(code).toBe("bad_request");
    }
  });

  it("shows only the member's own entries, and needs a session", async () => {
    const other = await signUpMember(t, "someone-else@example.com");
    expect((await api().data(listPointsHistoryRoute, { query: {}, auth: other.auth })).items).toEqual([]);
    expect((await api().call(listPointsHistoryRoute, { query: {} })).status).toBe(401);
  });
});

describe("ledger helpers", () => {
  it("labels entries without a stored label from their kind", () => {
    expect(ledgerLabel({ kind: "tarot", label: null })).toBe("Tarot reading recorded on chain");
    expect(ledgerLabel({ kind: "referral_reward", label: null })).toBe("Referral reward");
    expect(ledgerLabel({ kind: "tarot", label: "Tarot reading recorded on opBNB" })).toBe(
      "Tarot reading recorded on opBNB",
    );
  });
});

describe("granting points in a batch (the indexer)", () => {
  it("lands each reference once, within the batch and across batches, and keeps every balance the sum of its rows", async () => {
    const a = await createMemberRow(t.database.db, "batch-a@example.com");
    const b = await createMemberRow(t.database.db, "batch-b@example.com");
    await grantPoints(t.database.db, { userId: a, kind: "check_in", amount: 7, reference: "batch:landed" });
    const grant = (userId: string, amount: number, reference: string) => ({
      userId,
      kind: "check_in",
      amount,
      reference,
    });
    const landed = await t.database.db.transaction((tx) =>
      grantPointsBatch(tx, [
        grant(a, 10, "batch:1"),
        grant(b, 20, "batch:2"),
        grant(a, 30, "batch:3"),
        grant(a, 10, "batch:1"), // the same credit twice in one batch
        grant(b, 99, "batch:landed"), // landed before (for a): nothing moves
      ]),
    );
    expect(landed.map((entry) => entry.reference)).toEqual(["batch:1", "batch:2", "batch:3"]);
    expect(await balanceOf(t.database.db, a)).toBe(47);
    expect(await balanceOf(t.database.db, b)).toBe(20);
    const again = await t.database.db.transaction((tx) =>
      grantPointsBatch(tx, [grant(a, 10, "batch:1"), grant(b, 20, "batch:2")]),
    );
    expect(again).toEqual([]);
    for (const userId of [a, b]) expect(await balanceOf(t.database.db, userId)).toBe(await ledgerSum(userId));
  });

  it("refuses amounts that are not positive whole numbers, writing nothing", async () => {
    const userId = await createMemberRow(t.database.db, "batch-refused@example.com");
    await expect(
      t.database.db.transaction((tx) =>
        grantPointsBatch(tx, [
          { userId, kind: "check_in", amount: 5, reference: "refused:1" },
          { userId, kind: "check_in", amount: 0, reference: "refused:2" },
        ]),
      ),
    ).rejects.toThrow("positive whole numbers");
    expect(await balanceOf(t.database.db, userId)).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
  });

  it("names a batch's references as nextCreditReference does one at a time", async () => {
    const userId = await createMemberRow(t.database.db, "batch-references@example.com");
    await grantPoints(t.database.db, { userId, kind: "tarot", amount: 1, reference: "event:reused" });
    await grantPoints(t.database.db, { userId, kind: "tarot", amount: 1, reference: "event:reused#1" });
    const keys = ["event:new", "event:reused", "event:other_new"];
    const batch = await t.database.db.transaction((tx) => nextCreditReferences(tx, "tarot", keys));
    const single = await t.database.db.transaction(async (tx) => {
      const names = [];
      for (const key of keys) names.push(await nextCreditReference(tx, "tarot", key));
      return names;
    });
    expect(batch).toEqual(single);
    expect(batch).toEqual(["event:new", "event:reused#2", "event:other_new"]);
  });
});
