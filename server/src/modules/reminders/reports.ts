import { gmtDayNumber, lastGmtDays, type OperatorReminders } from "@arcana/protocol";
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { gmtDateSql, sinceSql } from "../../db/gmt-day.js";
import { checkedInWithinSql } from "../daily/api.js";
import { reminderChoiceChanges, reminderChoices, reminderJobs } from "./schema.js";

/** The console's window: the last 30 GMT days, today included. */
const REMINDER_REPORT_DAYS = 30;
/** A member who checks in this many hours after their reminder was sent counts as converted. */
const CONVERSION_HOURS = 6;

/**
 * The operator console's reminder figures (decision 0051), three set-based reads: sent jobs per day with
 * whether each member checked in within 6 hours after (the daily module's check-ins, through its api.ts),
 * unsubscribes per day from the append-only choice changes, and the undeliverable addresses now.
 * Every day of the window is listed, zeros for a quiet one, oldest first.
 */
export async function reminderReport(
  db: DatabaseOrTransaction,
  { enabled, now }: { enabled: boolean; now: Date },
): Promise<OperatorReminders> {
  const window = lastGmtDays(now, REMINDER_REPORT_DAYS);
  const converted = checkedInWithinSql(reminderJobs.userId, reminderJobs.finishedAt, CONVERSION_HOURS);
  const [sentRows, unsubscribeRows, [undeliverable]] = await Promise.all([
    db
      .select({
        day: reminderJobs.day,
        sent: sql<number>`count(*)::int`,
        converted: sql<number>`(count(*) filter (where ${converted}))::int`,
      })
      .from(reminderJobs)
      .where(and(eq(reminderJobs.status, "sent"), gte(reminderJobs.day, gmtDayNumber(window.since))))
      .groupBy(reminderJobs.day),
    db
      .select({
        date: gmtDateSql(reminderChoiceChanges.at),
        members: sql<number>`count(distinct ${reminderChoiceChanges.userId})::int`,
      })
      .from(reminderChoiceChanges)
      .where(and(eq(reminderChoiceChanges.enabled, false), sinceSql(reminderChoiceChanges.at, window.since)))
      .groupBy(sql`1`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(reminderChoices)
      .where(and(eq(reminderChoices.enabled, true), isNotNull(reminderChoices.undeliverableAt))),
  ]);
  const sentBy = new Map(sentRows.map((row) => [Number(row.day), row]));
  const unsubscribedBy = new Map(unsubscribeRows.map((row) => [row.date, Number(row.members)]));
  const days = window.days.map((day, index) => {
    const date = window.dates[index] as string;
    const sent = sentBy.get(day);
    return {
      date,
      sent: Number(sent?.sent ?? 0),
      checked_in_within_6h: Number(sent?.converted ?? 0),
      unsubscribes: unsubscribedBy.get(date) ?? 0,
    };
  });
  const total = days.reduce(
    (sum, day) => ({
      sent: sum.sent + day.sent,
      checked_in_within_6h: sum.checked_in_within_6h + day.checked_in_within_6h,
      unsubscribes: sum.unsubscribes + day.unsubscribes,
    }),
    { sent: 0, checked_in_within_6h: 0, unsubscribes: 0 },
  );
  return { enabled, days, total, undeliverable: Number(undeliverable?.count ?? 0) };
}
