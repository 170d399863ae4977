import {
  CHECK_IN_WINDOW_DAYS,
  type CheckInResult,
  type CheckInStatus,
  DAY_MS,
  gmtDate,
  gmtDayNumber,
  lastGmtDays,
} from "@arcana/protocol";
import { and, desc, eq, gte } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { verifyDailyTransaction } from "../../chain/daily-transaction.js";
import type { Database } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { createCheckInCredits } from "./credit.js";
import { checkInWindow, currentStreak, nextCheckInPoints } from "./rules.js";
import { checkIns } from "./schema.js";

export type { CheckedInEvent, CheckInCredit } from "./credit.js";

export type CheckInService = ReturnType<typeof createCheckInService>;

export function createCheckInService(deps: {
  db: Database;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  chainClients: ChainClients;
}) {
  const { db, economy, now, chainClients } = deps;
  const credits = createCheckInCredits(deps);
  const { creditSeenCheckIn } = credits;

  return {
    ...credits,

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
        .where(
          and(
            eq(checkIns.userId, userId),
            gte(checkIns.day, lastGmtDays(today * DAY_MS, CHECK_IN_WINDOW_DAYS).days[0] ?? today),
          ),
        );
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
      const credit = await creditSeenCheckIn(verified.seen);
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
