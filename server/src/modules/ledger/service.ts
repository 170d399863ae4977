import type { AssetsPage, LedgerEntry } from "@arcana/protocol";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { decodeCursor, encodeCursor, type PageCursor } from "../../db/cursor.js";
import { ApiError } from "../../shared/errors.js";
import type { LedgerRow } from "./points.js";
import { ledgerLabel } from "./rules.js";
import { ledgerEntries } from "./schema.js";

/** One page of a member's ledger rows, newest first, and the cursor of the next. */
export async function ledgerPage(db: Database, userId: string, page: { perPage: number; cursor?: string }) {
  let after: PageCursor<number> | null = null;
  if (page.cursor !== undefined) {
    after = decodeCursor(page.cursor, "number");
    if (!after) throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
  }
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        after
          ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.perPage + 1);
  const items = rows.slice(0, page.perPage);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > page.perPage && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** One page of a member's ledger, newest first. */
export async function listLedger(
  db: Database,
  userId: string,
  page: { perPage: number; cursor?: string },
): Promise<AssetsPage> {
  const { items, next_cursor } = await ledgerPage(db, userId, page);
  return { items: items.map(toLedgerEntry), next_cursor };
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    label: ledgerLabel(row),
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
  };
}
