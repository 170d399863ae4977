import { and, gte, inArray, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { chainEventKey } from "../../chain/event-key.js";
import { dailyEventFields } from "../../chain/events.js";
import type { Database, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { type CreditedChainEvent, createChainCreditPipeline, sameChainEvent } from "../chain-credits/api.js";
import { grantPointsBatch, nextCreditReferences } from "../ledger/api.js";
import { lockMembers, memberIdsByWalletAt } from "../users/api.js";
import { checkInLabel, checkInPoints, streakOnDay } from "./rules.js";
import { checkIns } from "./schema.js";

/** A `Daily.CheckedIn` event, from the indexer or a member-submitted transaction. */
export type CheckedInEvent = CreditedChainEvent;

export interface CheckInCredit {
  userId: string;
  /** False when the member's day (or this very event) was already credited: nothing changed. */
  credited: boolean;
  day: number;
  streak: number;
  points: number;
}

type CheckInRow = typeof checkIns.$inferSelect;

function asCredit(row: CheckInRow, credited: boolean): CheckInCredit {
  return { userId: row.userId, credited, day: row.day, streak: row.streak, points: row.points };
}

export interface CheckInCreditsDeps {
  db: Database;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  /** For the fast path by transaction hash (a relay's settlement has its receipt already). */
  chainClients?: ChainClients;
}

/**
 * The one check-in credit rule (who earns which streak and points), which the chain-credit pipeline
 * runs for every path that reports the event (indexer batch, tx-hash fast path, confirmed relay),
 * and undoes when a reorg orphans the event's block.
 */
export function createCheckInCredits({ db, economy, logger, now, chainClients }: CheckInCreditsDeps) {
  /**
   * The check-in credit for a batch of events in the caller's transaction, as set operations: one
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

  const pipeline = createChainCreditPipeline({
    db,
    logger,
    now,
    chainClients,
    eventName: "CheckedIn",
    kind: "check_in",
    noun: "check-in",
    fromChainEvent: dailyEventFields,
    fromVerified: (verified) => verified.seen,
    chainArgs: (event) => ({ wallet: event.wallet, day: event.day }),
    // A check-in row is stored exactly when the event is credited.
    creditIn: async (tx, events) =>
      (await creditCheckInsBatch(tx, events)).map((credit) => ({ credit, stored: credit?.credited ?? false })),
    // The row goes (the day is open again); a check-in row always earned its points.
    removeRow: async (tx, event) => (await tx.delete(checkIns).where(sameChainEvent(checkIns, event)).returning())[0],
    earned: () => true,
    refusals: {
      uncredited: {
        code: "forbidden",
        message: "This check-in was made before your wallet was bound to your account, so it does not count for you.",
      },
      creditedElsewhere: "This check-in was already credited to another account.",
    },
  });

  return {
    /**
     * Credits a check-in to the member whose binding of the wallet covered the event's block time,
     * once per member per GMT day whichever chain or path reports it, and once per event ever: a
     * batch of one (`creditCheckInsBatch`), in its own transaction (a savepoint inside `into`'s).
     * Null when no member held the wallet then. An event already credited answers its credit as it
     * stands (`credited: false`), whoever it went to.
     */
    creditCheckIn: pipeline.credit,
    creditCheckInsBatch,
    /**
     * Undoes the check-in a `CheckedIn` event credited when its block is orphaned by a reorg: the
     * row goes (the day is open again) and a reversal takes its points back, as far as the balance
     * allows. Nothing happens for an event that credited nothing.
     */
    revertCheckIn: pipeline.revert,
    /** The same credit for the fast paths (`creditSeen`, `creditSubmitted`) and the indexer (`eventHandler`). */
    pipeline,
  };
}
