import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { memberById } from "../users/api.js";
import { operatorAudit, operators } from "./schema.js";

/**
 * Who runs an admin action: a signed-in operator in the console, or a command on the server
 * (`npm run admin`) with the operating-system user who ran it.
 */
export type Actor = { kind: "operator"; id: string } | { kind: "cli"; user: string };

/** What an admin action did, for the audit log. */
export interface AuditRecord {
  action: string;
  /** The member acted on, when there is one. */
  subject?: { id: string; email: string } | undefined;
  before?: unknown;
  after?: unknown;
  reason?: string | undefined;
}

/**
 * Appends one entry to the audit log. Every admin action (admin.ts of its module) calls this in
 * the transaction that makes its change, so the change and its record commit together.
 */
export async function recordAudit(
  tx: DatabaseOrTransaction,
  actor: Actor,
  record: AuditRecord,
  at?: Date,
): Promise<number> {
  // An operator never acts on their own account (a self-grant): another operator, or the CLI, does.
  // Refused here, where every action records itself, so the action's transaction rolls back with it.
  if (actor.kind === "operator" && record.subject?.id === actor.id) {
    throw new ApiError("forbidden", "You cannot act on your own account; ask another operator.");
  }
  const operator = actor.kind === "operator" ? await memberById(tx, actor.id) : undefined;
  if (actor.kind === "operator" && !operator) throw new Error(`operator ${actor.id} is not a member`);
  const [row] = await tx
    .insert(operatorAudit)
    .values({
      actorId: actor.kind === "operator" ? actor.id : null,
      actor: operator ? operator.email : "cli",
      actorOsUser: actor.kind === "cli" ? actor.user : null,
      action: record.action,
      subjectId: record.subject?.id ?? null,
      subject: record.subject?.email ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
      reason: record.reason ?? null,
      ...(at ? { createdAt: at } : {}),
    })
    .returning({ id: operatorAudit.id });
  if (!row) throw new Error("audit insert returned nothing");
  return row.id;
}

/** Whether the member may use the operator console. */
export async function isOperator(db: DatabaseOrTransaction, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId));
  return row !== undefined;
}
