import { isLanguage, type Language, type User } from "@arcana/protocol";
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getAddress } from "viem";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { changingMembers } from "./member-changes.js";
import { users, walletBindings } from "./schema.js";

/**
 * The members table belongs to this module: other modules read and write a member through these
 * functions, passing their transaction when the write must be atomic with theirs.
 */
export type MemberRow = typeof users.$inferSelect;

/** The columns of a member row `toUser` reads. */
const profileColumns = {
  id: users.id,
  email: users.email,
  pts: users.pts,
  walletAddress: users.walletAddress,
  solanaAddress: users.solanaAddress,
  isActive: users.isActive,
  type: users.type,
  level: users.level,
  passwordHash: users.passwordHash,
  language: users.language,
  createdAt: users.createdAt,
};
type ProfileRow = Pick<MemberRow, keyof typeof profileColumns>;

/** What every view of a member starts with (their profile, the operator's lists): who, points, addresses. */
export function memberIdentity(row: Pick<MemberRow, "id" | "email" | "pts" | "walletAddress" | "solanaAddress">) {
  return {
    uid: row.id,
    email: row.email,
    pts: row.pts,
    // Stored lower-case so uniqueness ignores case; shown checksummed (EIP-55).
    wallet_address: row.walletAddress ? getAddress(row.walletAddress) : null,
    solana_address: row.solanaAddress,
  };
}

/** The member as the API shows them (`GET /users/mine`, sign-in answers, server rendering). */
export function toUser(row: ProfileRow): User {
  return {
    ...memberIdentity(row),
    is_active: row.isActive,
    type: row.type,
    level: row.level,
    display_level: displayLevel(row),
    has_password: row.passwordHash !== null,
    language: isLanguage(row.language) ? row.language : null,
    member_since: row.createdAt.toISOString(),
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

/** The members among `userIds`, by id, in one query (a batch of reminders). */
export async function membersByIds(db: DatabaseOrTransaction, userIds: string[]): Promise<Map<string, MemberRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A prepared query for some columns of another module's row together with the member it names
 * (what `toUser` reads), in one round trip: `userId` is that table's column naming the member,
 * `where` may hold `sql.placeholder`s filled by `execute`. The session lookup of every signed-in
 * request: it reads only the columns it needs.
 */
export function prepareRowWithMember<Columns extends Record<string, PgColumn>>(
  db: Database,
  name: string,
  table: PgTable,
  columns: Columns,
  userId: PgColumn,
  where: SQL | undefined,
) {
  const query = db
    .select({ row: columns, member: profileColumns })
    .from(table)
    .innerJoin(users, eq(users.id, userId))
    .where(where)
    .limit(1)
    .prepare(name);
  return async (values: Record<string, unknown>) => {
    const [found] = await query.execute(values);
    return found;
  };
}

/** These members' e-mail addresses by id (ids of no member are left out). */
export async function memberEmails(db: DatabaseOrTransaction, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.email]));
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
  await changingMembers([userId], () =>
    tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId)),
  );
}

/** Remembers the language the member chose (the switcher, `?lang=`, the profile API). */
export async function setMemberLanguage(tx: DatabaseOrTransaction, userId: string, language: Language, at: Date) {
  await changingMembers([userId], () => tx.update(users).set({ language, updatedAt: at }).where(eq(users.id, userId)));
}

/**
 * Locks the member's row until the transaction ends, so one member's credits and bindings run
 * one at a time. Undefined when there is no such member.
 */
export async function lockMember(tx: Transaction, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** The member an admin action is about, locked for its transaction; 404 `not_found` when there is none. */
export async function lockMemberForAdmin(tx: Transaction, userId: string): Promise<MemberRow> {
  const member = await lockMember(tx, userId);
  if (!member) throw new ApiError("not_found", "There is no such member.");
  return member;
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

/** The id of the member who bound this EVM wallet (any case), or null: whose pass it is now. */
export async function memberIdByWallet(db: DatabaseOrTransaction, wallet: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.walletAddress, wallet.toLowerCase()));
  return row?.id ?? null;
}

/**
 * How far a chain's block time may trail this server's clock (a busy local node, a sequencer's
 * clock): a binding also counts for events stamped this much before it.
 */
export const CHAIN_CLOCK_GRACE_MS = 60_000;

/**
 * The id of the member whose binding of this EVM wallet covered `at` (a chain event's block time),
 * or null: a check-in or tarot record counts only for whoever held the wallet when it was made.
 * Block times have whole seconds and may trail the server's clock, so a binding counts from
 * CHAIN_CLOCK_GRACE_MS before its start; a binding that truly covered `at` comes first.
 */
export async function memberIdByWalletAt(db: DatabaseOrTransaction, wallet: string, at: Date): Promise<string | null> {
  const [id] = await memberIdsByWalletAt(db, [{ wallet, at }]);
  return id ?? null;
}

/**
 * `memberIdByWalletAt` for many (wallet, time) pairs with one query (the indexer's batches): the
 * ids in the order asked, null where no member held the wallet then. The one definition of the
 * rule: the single lookup above calls this.
 */
export async function memberIdsByWalletAt(
  db: DatabaseOrTransaction,
  queries: ReadonlyArray<{ wallet: string; at: Date }>,
): Promise<Array<string | null>> {
  if (queries.length === 0) return [];
  const wallets = [...new Set(queries.map((query) => query.wallet.toLowerCase()))];
  const rows = await db
    .select({
      id: walletBindings.id,
      userId: walletBindings.userId,
      address: walletBindings.address,
      boundAt: walletBindings.boundAt,
      unboundAt: walletBindings.unboundAt,
    })
    .from(walletBindings)
    .where(and(eq(walletBindings.kind, "evm"), inArray(walletBindings.address, wallets)));
  const byWallet = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byWallet.get(row.address) ?? [];
    list.push(row);
    byWallet.set(row.address, list);
  }
  return queries.map(({ wallet, at }) => {
    const nextSecond = Math.floor(at.getTime() / 1000) * 1000 + 1000;
    let best: (typeof rows)[number] | null = null;
    let bestCovered = false;
    for (const row of byWallet.get(wallet.toLowerCase()) ?? []) {
      if (row.boundAt.getTime() >= nextSecond + CHAIN_CLOCK_GRACE_MS) continue;
      if (row.unboundAt !== null && row.unboundAt.getTime() <= at.getTime()) continue;
      // A binding that truly covered `at` first, then the latest to begin (the newest row on a tie).
      const covered = row.boundAt.getTime() < nextSecond;
      const better =
        best === null ||
        (covered && !bestCovered) ||
        (covered === bestCovered &&
          (row.boundAt.getTime() > best.boundAt.getTime() ||
            (row.boundAt.getTime() === best.boundAt.getTime() && row.id > best.id)));
      if (better) {
        best = row;
        bestCovered = covered;
      }
    }
    return best?.userId ?? null;
  });
}

/**
 * Locks these members (`lockMember` for many) until the transaction ends, in id order so two
 * batches never wait on each other in a circle.
 */
export async function lockMembers(tx: Transaction, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for("update");
}

/** The EVM wallets these members hold now, with when each binding began (referral qualification). */
export async function currentEvmBindings(
  db: DatabaseOrTransaction,
  userIds: string[],
): Promise<Array<{ userId: string; wallet: string; boundAt: Date }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: walletBindings.userId, wallet: walletBindings.address, boundAt: walletBindings.boundAt })
    .from(walletBindings)
    .where(
      and(eq(walletBindings.kind, "evm"), inArray(walletBindings.userId, userIds), isNull(walletBindings.unboundAt)),
    );
}

/** Whether this wallet was ever bound to a member other than `userId` (one wallet, one qualification). */
export async function walletEverBoundToAnother(
  db: DatabaseOrTransaction,
  kind: WalletKind,
  address: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: walletBindings.id })
    .from(walletBindings)
    .where(
      and(
        eq(walletBindings.kind, kind),
        eq(walletBindings.address, storedAddress(kind, address)),
        ne(walletBindings.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets (or, with null, releases) the member's bound wallet of that kind, and keeps the binding's
 * history. A wallet another member holds fails on the unique index (code 23505).
 */
export async function setBoundWallet(
  db: DatabaseOrTransaction,
  userId: string,
  kind: WalletKind,
  address: string | null,
  at: Date,
): Promise<MemberRow> {
  const value = address === null ? null : storedAddress(kind, address);
  return changingMembers([userId], () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set(kind === "evm" ? { walletAddress: value, updatedAt: at } : { solanaAddress: value, updatedAt: at })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`no member ${userId} to bind a wallet to`);
      await tx
        .update(walletBindings)
        .set({ unboundAt: at })
        .where(and(eq(walletBindings.userId, userId), eq(walletBindings.kind, kind), isNull(walletBindings.unboundAt)));
      if (value !== null) await tx.insert(walletBindings).values({ userId, kind, address: value, boundAt: at });
      return row;
    }),
  );
}

/** The member's points balance: the running sum of their ledger rows (0 for an unknown member). */
export async function pointsOf(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db.select({ pts: users.pts }).from(users).where(eq(users.id, userId));
  return row?.pts ?? 0;
}

/** The most points a balance holds (PostgreSQL's integer). */
export const MAX_BALANCE = 2_147_483_647;

/**
 * Moves the balance by `delta` unless it would go below zero or past MAX_BALANCE; the new balance,
 * or null when it cannot (nothing written). Only the ledger calls this, in the transaction that
 * writes the matching ledger row, so the balance always equals the ledger's sum.
 */
export async function movePoints(tx: DatabaseOrTransaction, userId: string, delta: number): Promise<number | null> {
  const [moved] = await changingMembers([userId], () =>
    tx
      .update(users)
      .set({ pts: sql`${users.pts} + ${delta}` })
      .where(and(eq(users.id, userId), sql`${users.pts}::bigint + ${delta} between 0 and ${MAX_BALANCE}`))
      .returning({ pts: users.pts }),
  );
  return moved ? moved.pts : null;
}

/**
 * `movePoints` for many members in one statement: each member's balance moves by their delta,
 * none below zero. Returns the balances after it; throws (the caller's transaction rolls back)
 * unless every member moved, so a batch never lands in part.
 */
export async function movePointsBatch(
  tx: Transaction,
  deltas: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  if (deltas.size === 0) return new Map();
  const input = JSON.stringify([...deltas].map(([id, delta]) => ({ id, delta })));
  const moved = await changingMembers(deltas.keys(), () =>
    tx
      .update(users)
      .set({ pts: sql`${users.pts} + d.delta` })
      .from(sql`jsonb_to_recordset(${input}::jsonb) as d(id uuid, delta integer)`)
      .where(and(sql`${users.id} = d.id`, sql`${users.pts}::bigint + d.delta between 0 and ${MAX_BALANCE}`))
      .returning({ id: users.id, pts: users.pts }),
  );
  if (moved.length !== deltas.size) {
    throw new Error(`a batch of points moves changed ${moved.length} of ${deltas.size} balances`);
  }
  return new Map(moved.map((row) => [row.id, row.pts]));
}
