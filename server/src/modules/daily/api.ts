import { type AnyColumn, asc, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { gmtDayNumberSql } from "../../db/gmt-day.js";
import { type CheckedInEvent, type CheckInCreditsDeps, createCheckInCredits } from "./credit.js";
import { checkIns } from "./schema.js";

export { checkedInOn, streaksAtRisk } from "./at-risk.js";
export { checkInsPerDay } from "./reports.js";
export { nextCheckInPoints } from "./rules.js";

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

/**
 * In SQL, for another module's set-based report: the member `userId` has a credited check-in between
 * `from` and `hours` hours later (its GMT day that of `from` or the next; the primary key's index).
 */
export function checkedInWithinSql(userId: AnyColumn | SQL, from: AnyColumn | SQL, hours: number): SQL<boolean> {
  const until = sql`${from} + make_interval(hours => ${hours})`;
  return sql<boolean>`exists (select 1 from ${checkIns} where ${checkIns.userId} = ${userId}
    and ${checkIns.day} between ${gmtDayNumberSql(from)} and ${gmtDayNumberSql(until)}
    and ${checkIns.createdAt} >= ${from} and ${checkIns.createdAt} <= ${until})`;
}

/** The longest run of consecutive GMT days the member checked in, ever (tasks). */
export async function longestCheckInStreak(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ longest: max(checkIns.streak) })
    .from(checkIns)
    .where(eq(checkIns.userId, userId));
  return row?.longest ?? 0;
}

/**
 * How a confirmed relay's check-ins are credited (sponsorship's settlement): the one check-in credit
 * rule, for the check-ins of one receipt in log order, in the caller's transaction, joining the
 * indexer's reorg window as every fast path does. For each event, whether it stands credited (by
 * this call or an earlier path); false when no member held the wallet then.
 */
export function relayedCheckInCredits(deps: CheckInCreditsDeps) {
  const { pipeline } = createCheckInCredits(deps);
  return async (tx: Transaction, events: ReadonlyArray<CheckedInEvent & { blockNumber: number }>): Promise<boolean[]> =>
    (await pipeline.creditSeen(events, tx)).map((credit) => credit !== null);
}
