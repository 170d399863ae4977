import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The GMT day of a timestamp column as `YYYY-MM-DD`, in SQL: the same string `gmtDate` (protocol)
 * gives in TypeScript, so per-day figures read from the database line up with `lastGmtDays`.
 */
export function gmtDateSql(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** The column's time falls on or after `since` (the first midnight of a `lastGmtDays` range). */
export function sinceSql(column: AnyColumn | SQL, since: Date): SQL {
  return sql`${column} >= ${since.toISOString()}::timestamptz`;
}

/** The GMT day number of a timestamp, in SQL: the same number `gmtDayNumber` (protocol) gives in TypeScript. */
export function gmtDayNumberSql(column: AnyColumn | SQL): SQL<number> {
  return sql<number>`(extract(epoch from ${column})::bigint / 86400)::int`;
}
