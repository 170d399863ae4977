import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkIns, ledgerEntries } from "../../db/schema.js";
import { testAppPerFile, testClock } from "../../test/app.js";
import { checkedInEvents, streakCheckIn, testEconomy } from "../../test/daily.js";
import { balanceOf, bindWalletDirectly, createMemberRow } from "../../test/members.js";
import { setBoundWallet } from "../users/service.js";
import type { CheckInCredit } from "./service.js";

// Issue 17, item 6: the indexer credits a range of CheckedIn events as set operations
// (`creditCheckInsBatch`); the figures must be those of crediting them one at a time.

const economy = testEconomy({ checkIn: streakCheckIn });
const DAY_MS = 86_400_000;
const start = new Date("2026-11-22T10:00:00.000Z");
const clock = testClock(new Date("2026-12-01T12:00:00.000Z"));

const t = testAppPerFile({ now: clock.now, economy });

let walletCounter = 0;
function freshWallet() {
  walletCounter += 1;
  return `0x${walletCounter.toString(16).padStart(40, "c")}`;
}

const checkedIn = checkedInEvents((n) => n % 3);

const day = (offset: number, hour = 0) => new Date(start.getTime() + offset * DAY_MS + hour * 3_600_000);

/**
 * A range of events over a week: streaks with a missed day, two check-ins on one day, the same
 * day on another chain, a wallet no member holds, a wallet bound part-way through (its earlier
 * check-ins count for nobody), and a member whose streak began before the range.
 */
async function scenario(label: string) {
  const [a, b, c, d] = [freshWallet(), freshWallet(), freshWallet(), freshWallet()];
  const unbound = freshWallet();
  const members = {
    a: await createMemberRow(t.database.db, `${label}-a@example.com`),
    b: await createMemberRow(t.database.db, `${label}-b@example.com`),
    c: await createMemberRow(t.database.db, `${label}-c@example.com`),
    d: await createMemberRow(t.database.db, `${label}-d@example.com`),
  };
  await bindWalletDirectly(t.database.db, members.a, a);
  await bindWalletDirectly(t.database.db, members.b, b);
  // Bound on day 2 at noon: the check-ins of days 0 and 1 were made before it.
  await setBoundWallet(t.database.db, members.c, "evm", c, day(2, 12));
  await bindWalletDirectly(t.database.db, members.d, d);
  // Member d checked in the two days before the range (credited one at a time, earlier).
  const before = [checkedIn(d, day(-2, 5)), checkedIn(d, day(-1, 5))];
  const range = [
    checkedIn(a, day(0, 1)),
    checkedIn(unbound, day(0, 1)),
    checkedIn(c, day(0, 2)),
    checkedIn(b, day(0, 3)),
    checkedIn(d, day(0, 4)),
    checkedIn(a, day(1, 1)),
    checkedIn(a, day(1, 9)), // the same GMT day again
    checkedIn(c, day(1, 2)),
    checkedIn(a, day(1, 10), 204), // the same day on another chain
    checkedIn(d, day(1, 4)),
    checkedIn(a, day(2, 1)),
    checkedIn(unbound, day(2, 1)),
    checkedIn(b, day(2, 3)), // b missed day 1
    checkedIn(c, day(2, 13)),
    checkedIn(a, day(3, 1)),
    checkedIn(b, day(3, 3)),
    checkedIn(c, day(3, 2)),
    checkedIn(d, day(3, 4)), // d missed day 2
    checkedIn(a, day(5, 1)), // a missed day 4
    checkedIn(b, day(4, 3)),
  ];
  return { members, before, range };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

/** What a credit says, with member ids named by their scenario letter. */
function shape(credits: Array<CheckInCredit | null>, members: Scenario["members"]) {
  const letters = new Map(Object.entries(members).map(([letter, id]) => [id, letter]));
  return credits.map((credit) => credit && { ...credit, userId: letters.get(credit.userId) });
}

async function outcome(members: Scenario["members"]) {
  const ids = Object.values(members);
  const rows = await t.database.db
    .select()
    .from(checkIns)
    .where(inArray(checkIns.userId, ids))
    .orderBy(asc(checkIns.day), asc(checkIns.txHash));
  const ledger = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.userId, ids))
    .orderBy(asc(ledgerEntries.id));
  const letters = new Map(Object.entries(members).map(([letter, id]) => [id, letter]));
  const balances: Record<string, number> = {};
  for (const [letter, id] of Object.entries(members)) balances[letter] = await balanceOf(t.database.db, id);
  for (const [letter, id] of Object.entries(members)) {
    const sum = ledger.filter((entry) => entry.userId === id).reduce((total, entry) => total + entry.amount, 0);
    expect(balances[letter], `member ${letter}'s balance is the sum of their ledger rows`).toBe(sum);
  }
  return {
    checkIns: rows.map((row) => ({
      member: letters.get(row.userId),
      day: row.day,
      streak: row.streak,
      points: row.points,
    })),
    ledger: ledger.map((entry) => ({
      member: letters.get(entry.userId),
      kind: entry.kind,
      amount: entry.amount,
      label: entry.label,
    })),
    balances,
  };
}

describe("crediting a batch of check-ins (the indexer's set operations)", () => {
  it("gives the same credits, streaks, bonuses, ledger rows and balances as one event at a time", async () => {
    const one = await scenario("one");
    for (const event of one.before) await t.checkIn.creditCheckIn(event);
    const perEvent: Array<CheckInCredit | null> = [];
    for (const event of one.range) perEvent.push(await t.checkIn.creditCheckIn(event));

    const batch = await scenario("batch");
    for (const event of batch.before) await t.checkIn.creditCheckIn(event);
    const batched = await t.database.db.transaction((tx) => t.checkIn.creditCheckInsBatch(tx, batch.range));

    expect(shape(batched, batch.members)).toEqual(shape(perEvent, one.members));
    const perEventOutcome = await outcome(one.members);
    expect(await outcome(batch.members)).toEqual(perEventOutcome);
    // The figures themselves, so both paths cannot be wrong together.
    expect(perEventOutcome.balances).toEqual({
      a: 10 + 15 + 30 + 30 + 10,
      b: 10 + 10 + 15 + 30,
      c: 10 + 15,
      d: 10 + 15 + 30 + 30 + 10, // days -2 and -1 before the range, then 0, 1 and (after a gap) 3
    });
    // The unbound wallet and member c's check-ins from before the binding: nobody's.
    expect(batched[1]).toBeNull();
    expect(batched[2]).toBeNull();
    expect(batched[7]).toBeNull();
    expect(batched[11]).toBeNull();
  });

  it("credits an event given twice in a batch once, and nothing when the batch runs again", async () => {
    const wallet = freshWallet();
    const member = await createMemberRow(t.database.db, "twice@example.com");
    await bindWalletDirectly(t.database.db, member, wallet);
    const first = checkedIn(wallet, day(0));
    const second = checkedIn(wallet, day(1));
    const credits = await t.database.db.transaction((tx) =>
      t.checkIn.creditCheckInsBatch(tx, [first, { ...first }, second]),
    );
    expect(credits.map((credit) => credit?.credited)).toEqual([true, false, true]);
    expect(credits.map((credit) => credit?.points)).toEqual([10, 10, 15]);
    const again = await t.database.db.transaction((tx) => t.checkIn.creditCheckInsBatch(tx, [first, second]));
    expect(again.map((credit) => credit?.credited)).toEqual([false, false]);
    // One at a time after the batch: the event is known.
    expect((await t.checkIn.creditCheckIn(second))?.credited).toBe(false);
    expect(await balanceOf(t.database.db, member)).toBe(25);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member));
    expect(rows).toHaveLength(2);
  });

  it("credits concurrent batches and single credits of the same events once", async () => {
    const wallets = [freshWallet(), freshWallet(), freshWallet()];
    const members: string[] = [];
    for (const [i, wallet] of wallets.entries()) {
      const member = await createMemberRow(t.database.db, `concurrent-batch-${i}@example.com`);
      await bindWalletDirectly(t.database.db, member, wallet);
      members.push(member);
    }
    const events = wallets.flatMap((wallet) => [checkedIn(wallet, day(0)), checkedIn(wallet, day(1))]);
    events.sort((x, y) => x.blockTime.getTime() - y.blockTime.getTime());
    // Batches may fail when another credited an event meanwhile (the indexer then reads the range
    // again); whatever lands, lands once.
    await Promise.allSettled([
      ...Array.from({ length: 4 }, () => t.database.db.transaction((tx) => t.checkIn.creditCheckInsBatch(tx, events))),
      ...events.map((event) => t.checkIn.creditCheckIn(event)),
    ]);
    await t.database.db.transaction((tx) => t.checkIn.creditCheckInsBatch(tx, events));
    for (const member of members) expect(await balanceOf(t.database.db, member)).toBe(25);
    const rows = await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.userId, members));
    expect(rows).toHaveLength(6);
  });

  it("leaves nothing behind when the transaction fails after the batch", async () => {
    const wallet = freshWallet();
    const member = await createMemberRow(t.database.db, "rolled-back@example.com");
    await bindWalletDirectly(t.database.db, member, wallet);
    const events = [checkedIn(wallet, day(0)), checkedIn(wallet, day(1)), checkedIn(wallet, day(2))];
    await expect(
      t.database.db.transaction(async (tx) => {
        const credits = await t.checkIn.creditCheckInsBatch(tx, events);
        expect(credits.every((credit) => credit?.credited)).toBe(true);
        throw new Error("a later statement of the indexer's transaction failed");
      }),
    ).rejects.toThrow("later statement");
    expect(await t.database.db.select().from(checkIns).where(eq(checkIns.userId, member))).toHaveLength(0);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member))).toHaveLength(0);
    expect(await balanceOf(t.database.db, member)).toBe(0);
    // Read again, the range credits in full, once.
    await t.database.db.transaction((tx) => t.checkIn.creditCheckInsBatch(tx, events));
    expect(await balanceOf(t.database.db, member)).toBe(10 + 15 + 30);
  });
});
