import { type CheckInResult, type CheckInStatus, DAY_MS, gmtDate, gmtDayNumber } from "@arcana/protocol";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { verifyDailyTransaction } from "../../chain/daily-transaction.js";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { grantPoints } from "../ledger/service.js";
import { lockMember, memberIdByWallet } from "../users/service.js";
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
export interface CheckedInEvent {
  wallet: string;
  /** GMT day number from the event. */
  day: number;
  chainId: number;
  txHash: string;
  logIndex: number;
}

export interface CheckInCredit {
  userId: string;
  /** False when the member's day was already credited: nothing changed. */
  credited: boolean;
  day: number;
  streak: number;
  points: number;
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
   * Credits a check-in to the member bound to the wallet, once per member per GMT day whichever
   * chain or path reports it. An unbound wallet is ignored (null).
   */
  async function creditCheckIn(event: CheckedInEvent, into: DatabaseOrTransaction = db): Promise<CheckInCredit | null> {
    const wallet = event.wallet.toLowerCase();
    const memberId = await memberIdByWallet(into, wallet);
    if (!memberId) {
      logger.info({ wallet, day: event.day, chainId: event.chainId }, "check-in from a wallet no member has bound");
      return null;
    }
    return into.transaction(async (tx) => {
      // One member's credits run one at a time, so a streak always reads a settled yesterday.
      await lockMember(tx, memberId);
      const [existing] = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.userId, memberId), eq(checkIns.day, event.day)));
      if (existing) {
        return {
          userId: memberId,
          credited: false,
          day: existing.day,
          streak: existing.streak,
          points: existing.points,
        };
      }
      const [yesterday] = await tx
        .select({ day: checkIns.day, streak: checkIns.streak })
        .from(checkIns)
        .where(and(eq(checkIns.userId, memberId), eq(checkIns.day, event.day - 1)));
      const streak = streakOnDay(yesterday ?? null, event.day);
      const points = checkInPoints(economy.checkIn, streak);
      const at = now();
      await tx.insert(checkIns).values({
        userId: memberId,
        day: event.day,
        wallet,
        chainId: event.chainId,
        txHash: event.txHash.toLowerCase(),
        logIndex: event.logIndex,
        points,
        streak,
        createdAt: at,
      });
      if (points > 0) {
        await grantPoints(tx, {
          userId: memberId,
          kind: "check_in",
          amount: points,
          reference: `${memberId}:${event.day}`,
          label: checkInLabel(streak),
          at,
        });
      }
      return { userId: memberId, credited: true, day: event.day, streak, points };
    });
  }

  return {
    creditCheckIn,

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
      });
      // The sender is the member's bound wallet, so the member is found unless it was unbound meanwhile.
      if (!credit || credit.userId !== member.uid) {
        throw new ApiError("conflict", "Your wallet changed while this was checked; try again.");
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
