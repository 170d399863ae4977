import { isValidEmail, normalizeEmail } from "@arcana/protocol";
import { isEvmAddress } from "@arcana/protocol/address";
import { asc, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { users } from "./schema.js";
import type { MemberRow } from "./service.js";

const PAGE = 1000;

/**
 * Members whose stored address the e-mail rule of issue 26's finding 1 (decision 0021) would refuse
 * today, or that is not in today's normalised form: accounts made under the older rule ("one @, no
 * spaces"), such as `x<t@v.test>`, and IDN domains stored as typed (`bücher.test`, decision 0040). They are
 * not changed (the row keeps its points and history); `npm run db:migrate` (and its `--status`) lists
 * them for operators, who decide what to do: such an address can no longer be typed to sign in.
 */
export async function membersWithRefusedEmails(
  db: DatabaseOrTransaction,
): Promise<Array<{ id: string; email: string }>> {
  const refused: Array<{ id: string; email: string }> = [];
  let after: string | null = null;
  for (;;) {
    const rows: Array<{ id: string; email: string }> = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(after === null ? undefined : gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(PAGE);
    for (const row of rows) if (row.email !== normalizeEmail(row.email) || !isValidEmail(row.email)) refused.push(row);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return refused;
    after = last.id;
  }
}

/**
 * The check `npm run db:migrate` (and `--status`) runs after the migrations: members whose stored
 * address today's e-mail rule refuses, listed for the operator and never changed. Nothing before
 * the members table exists. Returns how many it listed.
 */
export async function reportRefusedEmails(db: DatabaseOrTransaction, print: (line: string) => void): Promise<number> {
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.users') is not null as present`,
  );
  if (!rows[0]?.present) return 0;
  const refused = await membersWithRefusedEmails(db);
  if (refused.length === 0) return 0;
  const one = refused.length === 1;
  print(
    `${refused.length} member${one ? "'s" : "s'"} e-mail address${one ? " is" : "es are"} refused by the e-mail rule or not in its normalised form (docs/operating.md, "E-mail addresses"), left unchanged:`,
  );
  for (const member of refused) {
    // Another account already holds the address as it is typed today (an IDN domain in punycode, say).
    const key = normalizeEmail(member.email);
    const [twin] =
      key === member.email ? [] : await db.select({ id: users.id }).from(users).where(eq(users.email, key)).limit(1);
    print(
      `  ${member.id}  ${JSON.stringify(member.email)}${twin ? `  same inbox as ${twin.id} ${JSON.stringify(key)}` : ""}`,
    );
  }
  return refused.length;
}

/** Every member's count and the points they hold together (the operator console's totals). */
export async function memberTotals(db: DatabaseOrTransaction): Promise<{ members: number; points: number }> {
  const [row] = await db
    .select({ members: sql<number>`count(*)::int`, points: sql<string>`coalesce(sum(${users.pts}), 0)::bigint` })
    .from(users);
  return { members: Number(row?.members ?? 0), points: Number(row?.points ?? 0) };
}

/** New members per GMT day (`YYYY-MM-DD`) from `since` on. */
export async function newMembersPerDay(db: DatabaseOrTransaction, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.createdAt} >= ${since.toISOString()}::timestamptz`)
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/**
 * Members an operator looks for: by bound EVM wallet (any case) or Solana address exactly, else
 * by e-mail containing the text. Newest first, at most `limit`.
 */
export async function searchMembers(db: DatabaseOrTransaction, text: string, limit: number): Promise<MemberRow[]> {
  const value = text.trim();
  const where = isEvmAddress(value)
    ? eq(users.walletAddress, value.toLowerCase())
    : or(eq(users.solanaAddress, value), ilike(users.email, `%${value.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`));
  return db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit);
}

/** The next `limit` members after member `afterId`, in id order: an export's batch. */
export function membersForExport(
  db: DatabaseOrTransaction,
  afterId: string | null,
  limit: number,
): Promise<MemberRow[]> {
  return db
    .select()
    .from(users)
    .where(afterId === null ? undefined : gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);
}
