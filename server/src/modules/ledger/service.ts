import { randomUUID } from "node:crypto";
import type { AssetsPage, LedgerEntry, OperatorLedgerPage } from "@arcana/protocol";
import { and, asc, desc, eq, gt, gte, inArray, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import { lockMember, movePoints, movePointsBatch, pointsOf } from "../users/service.js";
import { ledgerEntries } from "./schema.js";

export interface PointsMove {
  userId: string;
  /** What moved the points, e.g. `check_in`; with `reference` it names the move uniquely. */
  kind: string;
  /** A positive whole number; spends are stored negative. */
  amount: number;
  reference: string;
  /** What the member reads in the rewards history; a default per kind otherwise. */
  label?: string;
  /** Why an operator moved the points; kept for operators, not shown to the member. */
  reason?: string;
  /** When it happened (the injected clock); the database's time otherwise. */
  at?: Date;
}

export type LedgerRow = typeof ledgerEntries.$inferSelect;

function assertPositiveAmount(move: PointsMove) {
  // A programming error, not a member's: callers compute amounts from the economy.
  if (!Number.isSafeInteger(move.amount) || move.amount <= 0) {
    throw new Error(`ledger amounts are positive whole numbers; got ${move.amount} for ${move.kind}`);
  }
}

/**
 * Writes one ledger row and moves the member's balance by `delta` in one transaction. A (kind, reference)
 * that already landed changes nothing. The balance update is conditional, so a spend that would
 * go below zero writes nothing at all.
 */
async function applyMove(
  db: DatabaseOrTransaction,
  move: PointsMove,
  delta: number,
): Promise<{ applied: boolean; entry: LedgerRow; pts: number }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ledgerEntries)
      .values({
        userId: move.userId,
        kind: move.kind,
        amount: delta,
        reference: move.reference,
        label: move.label ?? null,
        reason: move.reason ?? null,
        ...(move.at ? { createdAt: move.at } : {}),
      })
      .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.reference] })
      .returning();
    if (!inserted) {
      // The unique index made us wait for the first writer to commit, so its row is visible now.
      const [existing] = await tx
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, move.kind), eq(ledgerEntries.reference, move.reference)));
      if (!existing) throw new Error(`ledger entry ${move.kind}/${move.reference} vanished`);
      return { applied: false, entry: existing, pts: await pointsOf(tx, move.userId) };
    }
    const pts = await movePoints(tx, move.userId, delta);
    if (pts === null) {
      throw new ApiError(
        "insufficient_points",
        `This needs ${-delta} points and you have ${await pointsOf(tx, move.userId)}.`,
      );
    }
    return { applied: true, entry: inserted, pts };
  });
}

/**
 * Credits points once per (kind, reference); `granted: false` means it had already landed.
 * `pts` is the member's balance after it.
 */
export async function grantPoints(db: DatabaseOrTransaction, grant: PointsMove) {
  assertPositiveAmount(grant);
  const { applied, entry, pts } = await applyMove(db, grant, grant.amount);
  return { granted: applied, entry, pts };
}

/**
 * `grantPoints` for many credits in the caller's transaction, with one insert and one balance
 * update whatever their number (the indexer's batches): each (kind, reference) lands once, a
 * reference that already landed (or appears twice in `grants`) changes nothing, and each member's
 * balance moves by the sum of their rows that landed, so `users.pts` stays the sum of the ledger.
 * Returns the rows that landed, in the order given. Lock the members first when what is granted
 * depends on what they already have.
 */
export async function grantPointsBatch(tx: Transaction, grants: readonly PointsMove[]): Promise<LedgerRow[]> {
  for (const grant of grants) assertPositiveAmount(grant);
  if (grants.length === 0) return [];
  const inserted = await tx
    .insert(ledgerEntries)
    .values(
      grants.map((grant) => ({
        userId: grant.userId,
        kind: grant.kind,
        amount: grant.amount,
        reference: grant.reference,
        label: grant.label ?? null,
        reason: grant.reason ?? null,
        ...(grant.at ? { createdAt: grant.at } : {}),
      })),
    )
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.reference] })
    .returning();
  const deltas = new Map<string, number>();
  for (const entry of inserted) deltas.set(entry.userId, (deltas.get(entry.userId) ?? 0) + entry.amount);
  await movePointsBatch(tx, deltas);
  return inserted.sort((a, b) => a.id - b.id);
}

/**
 * Takes points once per (kind, reference); throws `insufficient_points` (nothing written) when the
 * balance is too small. `spent: false` means this spend had already landed.
 */
export async function spendPoints(db: DatabaseOrTransaction, spend: PointsMove) {
  assertPositiveAmount(spend);
  const { applied, entry, pts } = await applyMove(db, spend, -spend.amount);
  return { spent: applied, entry, pts };
}

/**
 * The reference to credit one thing under, e.g. a chain event's key: the key itself the first time,
 * then `key#1`, `key#2`… once earlier credits of it were reversed (the same event, orphaned by a
 * reorg and mined again, earns again, once). Call it with the member locked.
 */
export async function nextCreditReference(tx: Transaction, kind: string, key: string): Promise<string> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.kind, kind),
        or(eq(ledgerEntries.reference, key), like(ledgerEntries.reference, `${key.replace(/[\\%_]/g, "\\$&")}#%`)),
      ),
    );
  const earlier = Number(row?.count ?? 0);
  return earlier === 0 ? key : `${key}#${earlier}`;
}

/**
 * `nextCreditReference` for many keys of one kind with one query when none was credited before
 * (the usual case); keys credited before (an event orphaned and mined again) are counted one by
 * one. Answers in the order given. Call it with the members locked.
 */
export async function nextCreditReferences(tx: Transaction, kind: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  // The ledger is append-only and `key#n` is only ever written after `key`, so a key that never
  // landed has no numbered credits either.
  const landed = await tx
    .select({ reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), inArray(ledgerEntries.reference, [...new Set(keys)])));
  const credited = new Set(landed.map((row) => row.reference));
  const references: string[] = [];
  for (const key of keys) references.push(credited.has(key) ? await nextCreditReference(tx, kind, key) : key);
  return references;
}

export interface Reversal {
  /** Points taken back (never more than the balance held). */
  reversed: number;
  /** Points that could not be taken back because they were already spent; kept for operators. */
  shortfall: number;
  /** False when this reversal had already landed: nothing changed. */
  applied: boolean;
}

/**
 * Takes back points credited for something that turned out not to exist (a check-in orphaned by a
 * reorg, rewards claimed after an on-chain unstake): a `reversal` row once per reference, taking
 * what the balance holds and never going below zero. What could not be taken is the shortfall,
 * written in the row's reason for operators.
 */
export async function reversePoints(
  tx: Transaction,
  reversal: { userId: string; amount: number; reference: string; label: string; reason: string; at?: Date },
): Promise<Reversal> {
  const member = await lockMember(tx, reversal.userId);
  const balance = member?.pts ?? 0;
  const reversed = Math.min(reversal.amount, balance);
  const shortfall = reversal.amount - reversed;
  const [inserted] = await tx
    .insert(ledgerEntries)
    .values({
      userId: reversal.userId,
      kind: "reversal",
      amount: -reversed,
      reference: reversal.reference,
      label: reversal.label,
      reason: shortfall > 0 ? `${reversal.reason}; shortfall ${shortfall} points (already spent)` : reversal.reason,
      ...(reversal.at ? { createdAt: reversal.at } : {}),
    })
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.reference] })
    .returning({ id: ledgerEntries.id });
  if (!inserted) return { reversed: 0, shortfall: 0, applied: false };
  if (reversed > 0 && (await movePoints(tx, reversal.userId, -reversed)) === null) {
    throw new Error(`reversal ${reversal.reference} would take ${reversed} of a locked balance of ${balance}`);
  }
  return { reversed, shortfall, applied: true };
}

/** Reverses one earlier credit, found by its (kind, reference); null when there is no such credit. */
export async function reverseCredit(
  tx: Transaction,
  credit: { kind: string; reference: string },
  reason: string,
  at?: Date,
): Promise<Reversal | null> {
  const [original] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, credit.kind), eq(ledgerEntries.reference, credit.reference)));
  if (!original || original.amount <= 0) return null;
  return reversePoints(tx, {
    userId: original.userId,
    amount: original.amount,
    reference: `${original.kind}:${original.reference}`,
    label: `Reversed: ${ledgerLabel(original)}`,
    reason,
    ...(at ? { at } : {}),
  });
}

/**
 * The member's balance, which always equals the sum of their ledger rows; read inside the caller's
 * transaction when there is one.
 */
export function pointsBalance(db: DatabaseOrTransaction, userId: string): Promise<number> {
  return pointsOf(db, userId);
}

/**
 * What already landed of one kind under a reference prefix (e.g. every claim of one stake), net of
 * what reversals took back of it: the sum of the amounts and the time of the latest.
 */
export async function claimedFor(
  db: DatabaseOrTransaction,
  kind: string,
  referencePrefix: string,
): Promise<{ total: number; last: Date | null }> {
  const escaped = referencePrefix.replace(/[\\%_]/g, "\\$&");
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
      last: sql<Date | null>`max(${ledgerEntries.createdAt}) filter (where ${ledgerEntries.kind} = ${kind})`,
    })
    .from(ledgerEntries)
    .where(
      or(
        and(eq(ledgerEntries.kind, kind), like(ledgerEntries.reference, `${escaped}%`)),
        and(eq(ledgerEntries.kind, "reversal"), like(ledgerEntries.reference, `${kind}:${escaped}%`)),
      ),
    );
  return { total: Number(row?.total ?? 0), last: row?.last ? new Date(row.last) : null };
}

/**
 * An operator's grant (`npm run admin -- points grant`): a new ledger row of kind `grant` every
 * time (grants are not deduplicated), with the operator's reason. `pts` is the balance after it.
 */
export function grantByOperator(
  db: DatabaseOrTransaction,
  grant: { userId: string; amount: number; reason: string; at?: Date },
) {
  return grantPoints(db, { ...grant, kind: "grant", reference: randomUUID() });
}

/** A member's latest ledger rows, newest first, with what only operators see (the reason). */
export function recentMovements(db: Database, userId: string, count: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(count);
}

const kindLabels: Record<string, string> = {
  grant: "Bonus from the Arcana team",
  check_in: "Daily check-in",
  tarot: "Tarot reading recorded on chain",
  staking: "Staking rewards",
  box_purchase: "Box purchase",
  box_reward: "Box reward",
  reversal: "Reversed credit",
  referral: "Invite reward",
  referral_invitee: "Welcome reward for joining with a code",
  kol: "KOL invite reward",
  task: "Task reward",
  deduction: "Correction by the Arcana team",
};

/** The label a member reads: the one written with the entry, else a default for its kind. */
export function ledgerLabel(entry: Pick<LedgerRow, "kind" | "label">): string {
  if (entry.label) return entry.label;
  const known = kindLabels[entry.kind];
  if (known) return known;
  const words = entry.kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
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

interface PageCursor {
  at: Date;
  id: number;
}

/** The cursor is opaque to clients: base64url of the last row's time and id. */
export function encodeCursor(row: Pick<LedgerRow, "createdAt" | "id">): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): PageCursor | null {
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !iso || !id || !/^\d{1,15}$/.test(id)) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) return null;
  // Only times a ledger row can have: PostgreSQL has no year 0, and JavaScript dates go far beyond its range.
  if (at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999) return null;
  return { at, id: Number(id) };
}

/** One page of a member's ledger rows, newest first, and the cursor of the next. */
async function ledgerPage(db: Database, userId: string, page: { perPage: number; cursor?: string }) {
  let after: PageCursor | null = null;
  if (page.cursor !== undefined) {
    after = decodeCursor(page.cursor);
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
  return { items, next_cursor: rows.length > page.perPage && last ? encodeCursor(last) : null };
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
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const inWindow = sql`${ledgerEntries.createdAt} >= ${since.toISOString()}::timestamptz`;
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

/**
 * An operator's deduction: a new ledger row of kind `deduction` every time, with the reason;
 * throws `insufficient_points` (nothing written) when the member has fewer points.
 */
export function deductByOperator(
  db: DatabaseOrTransaction,
  deduction: { userId: string; amount: number; reason: string; at?: Date },
) {
  return spendPoints(db, { ...deduction, kind: "deduction", reference: randomUUID() });
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

/** A CSV field made by PostgreSQL: empty for null, quoted (RFC 4180) when it holds a comma, a quote or a line break. */
function csvFieldSql(value: SQL): SQL {
  return sql`case when ${value} is null then '' when ${value} ~ '[",\r\n]' then '"' || replace(${value}, '"', '""') || '"' else ${value} end`;
}

/** Free text (a reason, a label): a leading =, +, - or @ gets an apostrophe so a spreadsheet never runs it as a formula. */
function csvTextSql(value: SQL): SQL {
  return csvFieldSql(sql`case when ${value} ~ '^[=+\-@\t\r]' then '''' || ${value} else ${value} end`);
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
