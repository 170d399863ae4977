import { isValidEmail, normalizeEmail } from "@arcana/protocol";
import { asc, gt, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { users } from "./schema.js";

const PAGE = 1000;

/**
 * Members whose stored address the e-mail rule of issue 26's finding 1 (decision 0021) would refuse
 * today: accounts made under the older rule ("one @, no spaces"), such as `x<t@v.test>`. They are
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
  const result: unknown = await db.execute(sql`select to_regclass('public.users') is not null as present`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ present: boolean }>;
  if (!rows[0]?.present) return 0;
  const refused = await membersWithRefusedEmails(db);
  if (refused.length === 0) return 0;
  const one = refused.length === 1;
  print(
    `${refused.length} member${one ? "'s" : "s'"} e-mail address${one ? " is" : "es are"} refused by the e-mail rule (docs/operating.md, "E-mail addresses"), left unchanged:`,
  );
  for (const member of refused) print(`  ${member.id}  ${JSON.stringify(member.email)}`);
  return refused.length;
}
