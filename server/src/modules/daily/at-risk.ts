import { and, eq, gte, inArray, notExists, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { checkIns } from "./schema.js";

/**
 * Which of `userIds` have a credited check-in on GMT day `day`, in one query: the one "checked in today" rule, the
 * same rows `GET /blockchain/check_in`'s `today_checked` reads.
 */
export async function checkedInOn(db: DatabaseOrTransaction, userIds: string[], day: number): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: checkIns.userId })
    .from(checkIns)
    .where(and(inArray(checkIns.userId, userIds), eq(checkIns.day, day)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * The members whose streak ends tonight unless they check in on `day`: checked in yesterday with a streak of
 * at least `minStreak`, and not yet on `day`. Their live streak (rules.ts `currentStreak`) is yesterday's.
 */
export async function streaksAtRisk(
  db: DatabaseOrTransaction,
  day: number,
  minStreak: number,
): Promise<Array<{ userId: string; streak: number }>> {
  const today = sql.raw("today");
  return db
    .select({ userId: checkIns.userId, streak: checkIns.streak })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.day, day - 1),
        gte(checkIns.streak, minStreak),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sql`${checkIns} as ${today}`)
            .where(sql`${today}.user_id = ${checkIns.userId} and ${today}.day = ${day}`),
        ),
      ),
    );
}
