import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { lockMember, MAX_BALANCE, movePoints, movePointsBatch, pointsOf } from "../users/api.js";
import { ledgerLabel } from "./rules.js";
import { ledgerEntries } from "./schema.js";

export { ledgerLabel } from "./rules.js";

/*
 * Every point that moves, moves through these functions, in the caller's transaction (other modules
 * reach them through api.ts). The member's own history is service.ts; the console's figures and
 * export reports.ts.
 */

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
    if (pts === null && delta > 0) {
      throw new ApiError(
        "conflict",
        `This would take the balance past ${MAX_BALANCE.toLocaleString("en")} points, the most an account holds.`,
      );
    }
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

/** A member's latest ledger rows, newest first, with what only operators see (the reason). */
export function recentMovements(db: Database, userId: string, count: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(count);
}

/**
 * An operator's grant or deduction: a new ledger row of kind `grant` or `deduction` every time (not
 * deduplicated), with the operator's reason; a deduction throws `insufficient_points` (nothing
 * written) when the member has fewer points. Only admin.ts calls it, which audits it.
 */
export function movePointsByOperator(
  db: DatabaseOrTransaction,
  direction: "grant" | "deduct",
  move: { userId: string; amount: number; reason: string; at?: Date },
) {
  return direction === "grant"
    ? grantPoints(db, { ...move, kind: "grant", reference: randomUUID() })
    : spendPoints(db, { ...move, kind: "deduction", reference: randomUUID() });
}
