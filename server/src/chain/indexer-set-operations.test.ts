import { dailyAbi } from "@arcana/contracts";
import { eq } from "drizzle-orm";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainBlocks, chainCursors, chainEvents, checkIns, ledgerEntries, users } from "../db/schema.js";
import { type Economy, loadEconomy } from "../economy.js";
import { checkInPoints } from "../modules/daily/rules.js";
import { createIndexedTestApp, hardhatAccounts, testIndexer, walletOn } from "../test/contracts.js";
import { balanceOf, bindWalletDirectly, createMemberRow } from "../test/members.js";
import type { EventHandler } from "./events.js";

// Issue 17, item 6: the indexer applies a range as set operations (`applyBatch`). A failure
// part-way through a batch's transaction leaves nothing of it; two indexers, or a range read
// again, credit each event once.

const economy: Economy = {
  ...loadEconomy(),
  checkIn: { basePoints: 10, streakBonuses: [{ days: 2, bonus: 5 }] },
};

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
const bound = hardhatAccounts.slice(2, 5) as PrivateKeyAccount[];
const unbound = hardhatAccounts[5] as PrivateKeyAccount;
const members: string[] = [];
/** Days each bound wallet checked in on (0, 1, 2 from the first). */
const daysOf = [
  [0, 1, 2],
  [0, 1],
  [0, 2],
];

function indexer(handlers: EventHandler[]) {
  const { t } = indexed;
  return testIndexer(t, { handlers });
}

/** What a wallet's check-ins on these days earn, one at a time (streaks, the 2-day bonus). */
function expectedPoints(days: number[]) {
  let streak = 0;
  let total = 0;
  let previous = Number.NaN;
  for (const day of days) {
    streak = day === previous + 1 ? streak + 1 : 1;
    total += checkInPoints(economy.checkIn, streak);
    previous = day;
  }
  return total;
}

beforeAll(async () => {
  indexed = await createIndexedTestApp({ economy });
  const { chain, contracts, t } = indexed;
  for (const [i, wallet] of bound.entries()) {
    const member = await createMemberRow(t.database.db, `set-${i}@example.com`);
    await bindWalletDirectly(t.database.db, member, wallet.address);
    members.push(member);
  }
  for (let day = 0; day < 3; day++) {
    const wallets = [...bound.filter((_, i) => daysOf[i]?.includes(day)), unbound];
    for (const wallet of wallets) {
      const hash = await walletOn(chain, wallet).writeContract({
        address: contracts.daily,
        abi: dailyAbi,
        functionName: "checkIn",
      });
      await chain.client.waitForTransactionReceipt({ hash });
    }
    await chain.client.increaseTime({ seconds: 86_400 });
  }
}, 90_000);
afterAll(() => indexed?.dispose());

async function dailyState() {
  const { db } = indexed.t.database;
  return {
    checkIns: (await db.select().from(checkIns)).length,
    ledger: (await db.select().from(ledgerEntries)).length,
    events: (await db.select().from(chainEvents).where(eq(chainEvents.contract, "Daily"))).length,
    cursor: (await db.select().from(chainCursors).where(eq(chainCursors.contract, "Daily")))[0]?.nextBlock ?? null,
    points: (await db.select({ pts: users.pts }).from(users)).reduce((total, row) => total + row.pts, 0),
  };
}

describe("the indexer's batches as set operations", () => {
  it("keeps nothing of a batch whose transaction fails after the check-ins were credited", async () => {
    const handlers: EventHandler[] = indexed.t.eventHandlers.map((handler) =>
      handler.applyBatch && handler.contract === "Daily" && handler.events.includes("CheckedIn")
        ? {
            ...handler,
            async applyBatch(tx, events) {
              await handler.applyBatch?.(tx, events);
              // Credited within the transaction, then the transaction fails.
              expect((await tx.select().from(checkIns)).length).toBeGreaterThan(0);
              throw new Error("failed after the batch");
            },
          }
        : handler,
    );
    await expect(indexer(handlers).syncAll()).rejects.toThrow("failed after the batch");
    expect(await dailyState()).toEqual({ checkIns: 0, ledger: 0, events: 0, cursor: null, points: 0 });
  });

  it("credits a range with bound and unbound wallets once, with the streaks of one event at a time, even from two indexers at once", async () => {
    await Promise.all([indexer(indexed.t.eventHandlers).syncAll(), indexer(indexed.t.eventHandlers).syncAll()]);
    const { db } = indexed.t.database;
    for (const [i, member] of members.entries()) {
      expect(await balanceOf(db, member)).toBe(expectedPoints(daysOf[i] ?? []));
    }
    const state = await dailyState();
    const credits = daysOf.flat().length;
    expect(state).toMatchObject({ checkIns: credits, ledger: credits, events: credits + 3 });
    // Member 0's streak over three days: 1, 2, 3.
    const rows = await db
      .select()
      .from(checkIns)
      .where(eq(checkIns.userId, members[0] ?? ""));
    expect(rows.map((row) => row.streak).sort()).toEqual([1, 2, 3]);
  });

  it("credits nothing more when the range is read again from the start", async () => {
    const { db } = indexed.t.database;
    const before = await dailyState();
    // Forget what was indexed (not what was credited): the whole range comes back as new events.
    await db.delete(chainEvents);
    await db.delete(chainBlocks);
    await db.delete(chainCursors);
    await indexer(indexed.t.eventHandlers).syncAll();
    expect(await dailyState()).toEqual(before);
  });
});
