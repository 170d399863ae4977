import type { OperatorLedgerPage } from "@arcana/protocol";
import { and, asc, gt, gte, lt, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { gmtDateSql, sinceSql } from "../../db/gmt-day.js";
import { csvFieldSql, csvTextSql } from "../../shared/csv.js";
import { kindLabels, ledgerLabel } from "./rules.js";
import { ledgerEntries } from "./schema.js";
import { ledgerPage } from "./service.js";

/* The operator console's reads of the ledger: figures per day, a member's history, the CSV export. */

/** One GMT day's movements of one kind: points in (grants) and out (spends, positive). */
export interface DailyLedgerFigure {
  day: string;
  kind: string;
  issued: number;
  spent: number;
}

/** Points issued and spent per GMT day and kind, and members who moved points per day, from `since` on. */
export async function dailyLedgerFigures(
  db: DatabaseOrTransaction,
  since: Date,
): Promise<{ movements: DailyLedgerFigure[]; activeMembers: Map<string, number> }> {
  const day = gmtDateSql(ledgerEntries.createdAt);
  const inWindow = sinceSql(ledgerEntries.createdAt, since);
  const [movements, active] = await Promise.all([
    db
      .select({
        day,
        kind: ledgerEntries.kind,
        issued: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)::bigint`,
        spent: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)::bigint`,
      })
      .from(ledgerEntries)
      .where(inWindow)
      .groupBy(day, ledgerEntries.kind),
    db
      .select({ day, members: sql<number>`count(distinct ${ledgerEntries.userId})::int` })
      .from(ledgerEntries)
      .where(inWindow)
      .groupBy(day),
  ]);
  return {
    movements: movements.map((row) => ({
      day: row.day,
      kind: row.kind,
      issued: Number(row.issued),
      spent: Number(row.spent),
    })),
    activeMembers: new Map(active.map((row) => [row.day, Number(row.members)])),
  };
}

/** One page of a member's ledger for operators, newest first, with the reasons operators gave. */
export async function listLedgerForOperator(
  db: Database,
  userId: string,
  page: { perPage: number; cursor?: string },
): Promise<OperatorLedgerPage> {
  const { items, next_cursor } = await ledgerPage(db, userId, page);
  return {
    items: items.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      label: ledgerLabel(row),
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor,
  };
}

/** A time range for exports: from `from` (included) to `until` (excluded); null leaves that side open. */
export interface ExportRange {
  from: Date | null;
  until: Date | null;
}

/** The header of `ledgerCsvBatch`'s lines. */
export const ledgerCsvColumns = ["id", "created_at", "member_id", "kind", "amount", "reference", "label", "reason"];

/**
 * The next `limit` ledger rows in the range after row `afterId`, in id (= insertion) order, as CSV
 * lines (each ending in CRLF) that PostgreSQL formats and joins into one UTF-8 buffer per batch, so a
 * million-row export makes almost no garbage on the JavaScript heap. Null when nothing is left.
 */
export async function ledgerCsvBatch(
  db: DatabaseOrTransaction,
  range: ExportRange,
  afterId: number | null,
  limit: number,
): Promise<{ chunk: Uint8Array; last: number } | null> {
  const words = sql`replace(${ledgerEntries.kind}, '_', ' ')`;
  const label = sql`coalesce(${ledgerEntries.label}, ${JSON.stringify(kindLabels)}::jsonb ->> ${ledgerEntries.kind}, upper(left(${words}, 1)) || substr(${words}, 2))`;
  const line = sql<string>`concat_ws(',', ${ledgerEntries.id},
    to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${ledgerEntries.userId},
    ${csvFieldSql(sql`${ledgerEntries.kind}`)}, ${ledgerEntries.amount}, ${csvTextSql(sql`${ledgerEntries.reference}`)},
    ${csvTextSql(label)}, ${csvTextSql(sql`${ledgerEntries.reason}`)})`;
  const batch = db
    .select({ id: ledgerEntries.id, line: line.as("line") })
    .from(ledgerEntries)
    .where(
      and(
        afterId === null ? undefined : gt(ledgerEntries.id, afterId),
        range.from ? gte(ledgerEntries.createdAt, range.from) : undefined,
        range.until ? lt(ledgerEntries.createdAt, range.until) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(limit)
    .as("batch");
  const [row] = await db
    .select({
      last: sql<string | null>`max(${batch.id})`,
      // Bytes, not text: the batch reaches the response as one buffer, without a string in between.
      chunk: sql<Uint8Array | null>`convert_to(string_agg(${batch.line} || E'\r\n', '' order by ${batch.id}), 'UTF8')`,
    })
    .from(batch);
  return row?.last == null || row.chunk == null ? null : { chunk: row.chunk, last: Number(row.last) };
}
