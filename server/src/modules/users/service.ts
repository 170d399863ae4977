import type { User } from "@arcana/protocol";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getAddress } from "viem";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { users } from "./schema.js";

/**
 * The members table belongs to this module: other modules read and write a member through these
 * functions, passing their transaction when the write must be atomic with theirs.
 */
export type MemberRow = typeof users.$inferSelect;

/** The member as the API shows them (`GET /users/mine`, sign-in answers, server rendering). */
export function toUser(row: MemberRow): User {
  return {
    uid: row.id,
    email: row.email,
    pts: row.pts,
    // Stored lower-case so uniqueness ignores case; shown checksummed (EIP-55).
    wallet_address: row.walletAddress ? getAddress(row.walletAddress) : null,
    solana_address: row.solanaAddress,
    is_active: row.isActive,
    type: row.type,
    level: row.level,
    display_level: displayLevel(row),
    has_password: row.passwordHash !== null,
  };
}

/** The level a member sees: an active member of type `free` is shown at level gold (spec §4). */
export function displayLevel(member: { type: string; isActive: boolean; level: string }): string {
  return member.type === "free" && member.isActive ? "gold" : member.level;
}

export async function memberById(db: DatabaseOrTransaction, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * A prepared query for a row of another module's table together with the member it names, in one
 * round trip: `userId` is that table's column naming the member, `where` may hold `sql.placeholder`s
 * filled by `execute`. The session lookup of every signed-in request.
 */
export function prepareRowWithMember<Table extends PgTable>(
  db: Database,
  name: string,
  table: Table,
  userId: PgColumn,
  where: SQL | undefined,
) {
  const query = db
    .select({ row: table as PgTable, member: users })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, userId))
    .where(where)
    .limit(1)
    .prepare(name);
  return async (values: Record<string, unknown>) => {
    const [found] = await query.execute(values);
    return found as { row: Table["$inferSelect"]; member: MemberRow } | undefined;
  };
}

/** `email` normalised (trimmed, lower-cased) by the caller. */
export async function memberByEmail(db: DatabaseOrTransaction, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The account of this e-mail address, created on first sign-in. */
export async function signUpOrTouch(tx: DatabaseOrTransaction, email: string): Promise<MemberRow> {
  const [row] = await tx
    .insert(users)
    .values({ email })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("account upsert returned nothing");
  return row;
}

export async function setPasswordHash(tx: DatabaseOrTransaction, userId: string, passwordHash: string, at: Date) {
  await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/**
 * Locks the member's row until the transaction ends, so one member's credits and bindings run
 * one at a time. Undefined when there is no such member.
 */
export async function lockMember(tx: Transaction, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

export type WalletKind = "evm" | "solana";

/** EVM addresses are stored lower-cased; Solana addresses (base58) as given. */
function boundColumn(kind: WalletKind) {
  return kind === "evm" ? users.walletAddress : users.solanaAddress;
}

function storedAddress(kind: WalletKind, address: string) {
  return kind === "evm" ? address.toLowerCase() : address;
}

/** The member who bound this wallet (an EVM address in any case, or a Solana address), if any. */
export async function memberByWallet(
  db: DatabaseOrTransaction,
  kind: WalletKind,
  address: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(boundColumn(kind), storedAddress(kind, address)));
  return row;
}

/** The id of the member who bound this EVM wallet (any case), or null: whose check-in, tarot or pass it is. */
export async function memberIdByWallet(db: DatabaseOrTransaction, wallet: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.walletAddress, wallet.toLowerCase()));
  return row?.id ?? null;
}

/**
 * Sets (or, with null, releases) the member's bound wallet of that kind. A wallet another member
 * holds fails on the unique index (code 23505).
 */
export async function setBoundWallet(
  db: DatabaseOrTransaction,
  userId: string,
  kind: WalletKind,
  address: string | null,
  at: Date,
): Promise<MemberRow> {
  const value = address === null ? null : storedAddress(kind, address);
  const [row] = await db
    .update(users)
    .set(kind === "evm" ? { walletAddress: value, updatedAt: at } : { solanaAddress: value, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`no member ${userId} to bind a wallet to`);
  return row;
}

/** The member's points balance: the running sum of their ledger rows (0 for an unknown member). */
export async function pointsOf(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db.select({ pts: users.pts }).from(users).where(eq(users.id, userId));
  return row?.pts ?? 0;
}

/**
 * Moves the balance by `delta` unless it would go below zero; the new balance, or null when the
 * member lacks the points (nothing written). Only the ledger calls this, in the transaction that
 * writes the matching ledger row, so the balance always equals the ledger's sum.
 */
export async function movePoints(tx: DatabaseOrTransaction, userId: string, delta: number): Promise<number | null> {
  const [moved] = await tx
    .update(users)
    .set({ pts: sql`${users.pts} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.pts} + ${delta} >= 0`))
    .returning({ pts: users.pts });
  return moved ? moved.pts : null;
}
