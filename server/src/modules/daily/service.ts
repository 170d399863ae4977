import { type CheckInResult, type CheckInStatus, DAY_MS, gmtDate, gmtDayNumber } from "@arcana/protocol";
import { and, asc, desc, eq, gte, inArray, lte, max, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { verifyDailyTransaction } from "../../chain/daily-transaction.js";
import { type ChainEventIdentity, chainEventKey } from "../../chain/event-key.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import {
  grantPoints,
  grantPointsBatch,
  nextCreditReference,
  nextCreditReferences,
  type Reversal,
  reverseCredit,
} from "../ledger/api.js";
import { lockMember, lockMembers, memberIdByWalletAt, memberIdsByWalletAt } from "../users/service.js";
import {
  checkInLabel,
  checkInPoints,
  checkInWindow,
  currentStreak,
  nextCheckInPoints,
  streakOnDay,
} from "./check-in.js";
import { checkIns } from "./schema.js";

/** A `Daily.CheckedIn` event, from the indexer or a member-submitted transaction. */
export interface CheckedInEvent extends ChainEventIdentity {
  wallet: string;
  /** GMT day number from the event. */
  day: number;
  /** The block's time: the check-in counts for whoever held the wallet then. */
  blockTime: Date;
}

export interface CheckInCredit {
  userId: string;
  /** False when the member's day (or this very event) was already credited: nothing changed. */
  credited: boolean;
  day: number;
  streak: number;
  points: number;
}

type CheckInRow = typeof checkIns.$inferSelect;

/** The ledger reference of a check-in's points; rows from before credits were keyed by event used member and day. */
function creditReference(row: CheckInRow): string {
  return row.creditReference ?? `${row.userId}:${row.day}`;
}

function asCredit(row: CheckInRow, credited: boolean): CheckInCredit {
  return { userId: row.userId, credited, day: row.day, streak: row.streak, points: row.points };
}

/** Each member's first credited check-in: the wallet that made it and when it was credited (referrals). */
export async function firstCheckIns(
  db: DatabaseOrTransaction,
  userIds: string[],
): Promise<Array<{ userId: string; wallet: string; at: Date }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: checkIns.userId, wallet: checkIns.wallet, at: checkIns.createdAt })
    .from(checkIns)
    .where(inArray(checkIns.userId, userIds))
    .orderBy(asc(checkIns.userId), asc(checkIns.day));
  const first = new Map<string, { userId: string; wallet: string; at: Date }>();
  for (const row of rows) if (!first.has(row.userId)) first.set(row.userId, row);
  return [...first.values()];
}

/** The longest run of consecutive GMT days the member checked in, ever (tasks). */
export async function longestCheckInStreak(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ longest: max(checkIns.streak) })
    .from(checkIns)
    .where(eq(checkIns.userId, userId));
  return row?.longest ?? 0;
}

export type CheckInService = ReturnType<typeof createCheckInService>;

export function createCheckInService(deps: {
  db: Database;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  chainClients: ChainClients;
}) {
  const { db, economy, logger, now, chainClients } = deps;

  /**
   * Credits a check-in to the member whose binding of the wallet covered the event's block time,
   * once per member per GMT day whichever chain or path reports it, and once per event ever.
   * Null when no member held the wallet then. An event already credited answers its credit as it
   * stands (`credited: false`), whoever it went to.
   */
  async function creditCheckIn(event: CheckedInEvent, into: DatabaseOrTransaction = db): Promise<CheckInCredit | null> {
    const wallet = event.wallet.toLowerCase();
    const txHash = event.txHash.toLowerCase();
    const memberId = await memberIdByWalletAt(into, wallet, event.blockTime);
    if (!memberId) {
      logUnheld(event);
      return null;
    }
    return into.transaction(async (tx) => {
      // One member's credits run one at a time, so a streak always reads a settled yesterday.
      await lockMember(tx, memberId);
      const [sameEvent] = await tx
        .select()
        .from(checkIns)
        .where(
          and(eq(checkIns.chainId, event.chainId), eq(checkIns.txHash, txHash), eq(checkIns.logIndex, event.logIndex)),
        );
      if (sameEvent) return asCredit(sameEvent, false);
      const [existing] = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.userId, memberId), eq(checkIns.day, event.day)));
      if (existing) return asCredit(existing, false);
      const [yesterday] = await tx
        .select({ day: checkIns.day, streak: checkIns.streak })
        .from(checkIns)
        .where(and(eq(checkIns.userId, memberId), eq(checkIns.day, event.day - 1)));
      const streak = streakOnDay(yesterday ?? null, event.day);
      const points = checkInPoints(economy.checkIn, streak);
      const at = now();
      const reference = await nextCreditReference(tx, "check_in", chainEventKey(event));
      const [row] = await tx
        .insert(checkIns)
        .values({
          userId: memberId,
          day: event.day,
          wallet,
          chainId: event.chainId,
          txHash,
          logIndex: event.logIndex,
          creditReference: reference,
          points,
          streak,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error("check-in insert returned nothing");
      if (points > 0) {
        await grantPoints(tx, {
          userId: memberId,
          kind: "check_in",
          amount: points,
          reference,
          label: checkInLabel(streak),
          at,
        });
      }
      return asCredit(row, true);
    });
  }

  /**
   * `creditCheckIn` for a batch of events in the caller's transaction, as set operations: one
   * lookup of the wallets' holders, one lock of their members (in id order), one read of what they
   * already have, one insert of the check-ins and one batch of ledger credits, without savepoints.
   * `events` must be in the order they happened (block, log index): a member's streak on a day
   * builds on the check-in of the day before, in the database or earlier in the batch. The answers
   * are `creditCheckIn`'s, in the order given; an event given twice is credited once.
   */
  async function creditCheckInsBatch(
    tx: Transaction,
    events: readonly CheckedInEvent[],
  ): Promise<Array<CheckInCredit | null>> {
    if (events.length === 0) return [];
    const memberIds = await memberIdsByWalletAt(
      tx,
      events.map((event) => ({ wallet: event.wallet, at: event.blockTime })),
    );
    const members = [...new Set(memberIds.filter((id): id is string => id !== null))];
    const credits: Array<CheckInCredit | null> = events.map(() => null);
    if (members.length === 0) {
      for (const event of events) logUnheld(event);
      return credits;
    }
    // The members' credits from any path wait for this transaction, so what is read below stays true.
    await lockMembers(tx, members);
    const eventId = (chainId: number, txHash: string, logIndex: number) =>
      `${chainId}:${txHash.toLowerCase()}:${logIndex}`;
    const sameEvents = new Map<string, CheckInRow>();
    for (const row of await tx
      .select()
      .from(checkIns)
      .where(
        and(
          inArray(checkIns.chainId, [...new Set(events.map((event) => event.chainId))]),
          inArray(checkIns.txHash, [...new Set(events.map((event) => event.txHash.toLowerCase()))]),
        ),
      ))
      sameEvents.set(eventId(row.chainId, row.txHash, row.logIndex), row);
    const days = events.map((event) => event.day);
    const memberDays = new Map<string, CheckInRow>();
    for (const row of await tx
      .select()
      .from(checkIns)
      .where(
        and(
          inArray(checkIns.userId, members),
          gte(checkIns.day, Math.min(...days) - 1),
          lte(checkIns.day, Math.max(...days)),
        ),
      ))
      memberDays.set(`${row.userId}:${row.day}`, row);

    const planned: Array<{ index: number; event: CheckedInEvent; row: CheckInRow }> = [];
    for (const [index, event] of events.entries()) {
      const memberId = memberIds[index];
      if (!memberId) {
        logUnheld(event);
        continue;
      }
      const id = eventId(event.chainId, event.txHash, event.logIndex);
      const sameEvent = sameEvents.get(id);
      if (sameEvent) {
        credits[index] = asCredit(sameEvent, false);
        continue;
      }
      const existing = memberDays.get(`${memberId}:${event.day}`);
      if (existing) {
        credits[index] = asCredit(existing, false);
        continue;
      }
      const yesterday = memberDays.get(`${memberId}:${event.day - 1}`);
      const streak = streakOnDay(yesterday ?? null, event.day);
      const points = checkInPoints(economy.checkIn, streak);
      const row: CheckInRow = {
        userId: memberId,
        day: event.day,
        wallet: event.wallet.toLowerCase(),
        chainId: event.chainId,
        txHash: event.txHash.toLowerCase(),
        logIndex: event.logIndex,
        creditReference: null,
        points,
        streak,
        createdAt: now(),
      };
      sameEvents.set(id, row);
      memberDays.set(`${memberId}:${event.day}`, row);
      planned.push({ index, event, row });
      credits[index] = asCredit(row, true);
    }
    if (planned.length === 0) return credits;

    const references = await nextCreditReferences(
      tx,
      "check_in",
      planned.map(({ event }) => chainEventKey(event)),
    );
    for (const [i, { row }] of planned.entries()) row.creditReference = references[i] ?? null;
    const inserted = await tx
      .insert(checkIns)
      .values(planned.map(({ row }) => row))
      .onConflictDoNothing()
      .returning({ userId: checkIns.userId });
    // Nothing can have come in between (the members are locked); if something did, the streaks
    // planned above may rest on it: roll the batch back (the indexer reads the range again).
    if (inserted.length !== planned.length) {
      throw new Error(
        `check-in batch: ${planned.length - inserted.length} of ${planned.length} were credited meanwhile`,
      );
    }
    const grants = planned
      .filter(({ row }) => row.points > 0)
      .map(({ row }) => ({
        userId: row.userId,
        kind: "check_in",
        amount: row.points,
        reference: row.creditReference ?? "",
        label: checkInLabel(row.streak),
        at: row.createdAt,
      }));
    const granted = await grantPointsBatch(tx, grants);
    if (granted.length !== grants.length) {
      throw new Error(
        `check-in batch: ${grants.length - granted.length} of ${grants.length} credits had already landed`,
      );
    }
    return credits;
  }

  function logUnheld(event: CheckedInEvent) {
    logger.info(
      {
        wallet: event.wallet.toLowerCase(),
        day: event.day,
        chainId: event.chainId,
        txHash: event.txHash.toLowerCase(),
      },
      "check-in from a wallet no member held at the time",
    );
  }

  /**
   * Undoes the check-in a `CheckedIn` event credited when its block is orphaned by a reorg: the
   * row goes (the day is open again) and a reversal takes its points back, as far as the balance
   * allows. Nothing happens for an event that credited nothing.
   */
  async function revertCheckIn(tx: Transaction, event: ChainEventIdentity): Promise<Reversal | null> {
    const [row] = await tx
      .delete(checkIns)
      .where(
        and(
          eq(checkIns.chainId, event.chainId),
          eq(checkIns.txHash, event.txHash.toLowerCase()),
          eq(checkIns.logIndex, event.logIndex),
        ),
      )
      .returning();
    if (!row) return null;
    const reversal = await reverseCredit(
      tx,
      { kind: "check_in", reference: creditReference(row) },
      `chain reorganisation on chain ${row.chainId} dropped check-in ${row.txHash}`,
      now(),
    );
    logger.warn(
      { userId: row.userId, chainId: row.chainId, txHash: row.txHash, day: row.day, ...reversal },
      "a credited check-in was orphaned by a reorg: reversed",
    );
    return reversal;
  }

  return {
    creditCheckIn,
    creditCheckInsBatch,
    revertCheckIn,

    /** The streak, today's state and the 7-day window for `GET /blockchain/check_in`. */
    async status(userId: string): Promise<CheckInStatus> {
      const today = gmtDayNumber(now());
      const [latest] = await db
        .select({ day: checkIns.day, streak: checkIns.streak })
        .from(checkIns)
        .where(eq(checkIns.userId, userId))
        .orderBy(desc(checkIns.day))
        .limit(1);
      const recent = await db
        .select({ day: checkIns.day })
        .from(checkIns)
        .where(and(eq(checkIns.userId, userId), gte(checkIns.day, today - 6)));
      const checked = new Set(recent.map((row) => row.day));
      const streak = currentStreak(latest ?? null, today);
      return {
        current_streak: streak,
        today_checked: checked.has(today),
        dates: checkInWindow(today, checked),
        next_reward_points: nextCheckInPoints(economy.checkIn, streak),
      };
    },

    /** The fast path: verifies the member's own check-in transaction and credits it now. */
    async creditSubmittedCheckIn(
      member: { uid: string; wallet_address: string | null },
      chainId: number,
      txHash: `0x${string}`,
    ): Promise<CheckInResult> {
      const verified = await verifyDailyTransaction(chainClients, {
        chainId,
        txHash,
        memberWallet: member.wallet_address,
        eventName: "CheckedIn",
      });
      const credit = await creditCheckIn({
        wallet: verified.args.wallet,
        day: Number(verified.args.day),
        chainId,
        txHash,
        logIndex: verified.logIndex,
        blockHash: verified.blockHash,
        blockTime: verified.blockTime,
      });
      if (!credit) {
        throw new ApiError(
          "forbidden",
          "This check-in was made before your wallet was bound to your account, so it does not count for you.",
        );
      }
      if (credit.userId !== member.uid) {
        throw new ApiError("event_already_credited", "This check-in was already credited to another account.");
      }
      return {
        credited: credit.credited,
        date: gmtDate(credit.day * DAY_MS),
        streak: credit.streak,
        points: credit.points,
      };
    },
  };
}

/** Credited check-ins per GMT day number, from day `sinceDay` on (the operator console's chart). */
export async function checkInsPerDay(db: DatabaseOrTransaction, sinceDay: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ day: checkIns.day, count: sql<number>`count(*)::int` })
    .from(checkIns)
    .where(gte(checkIns.day, sinceDay))
    .groupBy(checkIns.day);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}
