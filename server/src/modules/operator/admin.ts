import { normalizeEmail } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { memberByEmail, memberById } from "../users/api.js";
import { type Actor, recordAudit } from "./api.js";
import { operators } from "./schema.js";

async function memberWithEmail(tx: DatabaseOrTransaction, email: string) {
  const member = await memberByEmail(tx, normalizeEmail(email));
  if (!member) throw new Error(`No member has the e-mail address ${email}; they sign in once first.`);
  return member;
}

/** Makes the member an operator (`npm run admin -- operator add`), audited; false when they already were one. */
export function addOperator(db: Database, actor: Actor, email: string) {
  return db.transaction(async (tx) => {
    const member = await memberWithEmail(tx, email);
    const added = await tx.insert(operators).values({ userId: member.id }).onConflictDoNothing().returning();
    if (added.length > 0) {
      await recordAudit(tx, actor, {
        action: "operator_add",
        subject: member,
        before: { operator: false },
        after: { operator: true },
      });
    }
    return { email: member.email, added: added.length > 0 };
  });
}

/** Stops the member being an operator (`npm run admin -- operator remove`), audited; false when they were not one. */
export function removeOperator(db: Database, actor: Actor, email: string) {
  return db.transaction(async (tx) => {
    const member = await memberWithEmail(tx, email);
    const removed = await tx.delete(operators).where(eq(operators.userId, member.id)).returning();
    if (removed.length > 0) {
      await recordAudit(tx, actor, {
        action: "operator_remove",
        subject: member,
        before: { operator: true },
        after: { operator: false },
      });
    }
    return { email: member.email, removed: removed.length > 0 };
  });
}

/** Every operator, longest-standing first (`npm run admin -- operator list`). */
export async function listOperators(db: DatabaseOrTransaction) {
  const rows = await db.select().from(operators).orderBy(operators.grantedAt);
  const found = await Promise.all(rows.map(async (row) => ({ row, member: await memberById(db, row.userId) })));
  return found.map(({ row, member }) => ({ email: member?.email ?? row.userId, grantedAt: row.grantedAt }));
}
