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
import type { Database } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { type CheckInCredit, createCheckInCredits } from "./credit.js";
import { checkInWindow, currentStreak, nextCheckInPoints } from "./rules.js";
import { checkIns } from "./schema.js";

export type { CheckedInEvent, CheckInCredit } from "./credit.js";

export type CheckInService = ReturnType<typeof createCheckInService>;

function checkInResult(credit: CheckInCredit): CheckInResult {
  return {
    credited: credit.credited,
    date: gmtDate(credit.day * DAY_MS),
    streak: credit.streak,
    points: credit.points,
  };
}

export function createCheckInService(deps: {
  db: Database;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  chainClients: ChainClients;
}) {
  const { db, economy, now } = deps;
  const credits = createCheckInCredits(deps);

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
    creditSubmittedCheckIn: async (...submitted: Parameters<typeof credits.pipeline.creditSubmitted>) =>
      checkInResult(await credits.pipeline.creditSubmitted(...submitted)),
  };
}
