import type { AuditPage } from "@arcana/protocol";
import { desc, lt } from "drizzle-orm";
import { ApiError } from "../../shared/errors.js";
import type { OperatorReportsDeps } from "./report-context.js";
import { operatorAudit } from "./schema.js";

/** The audit log, newest first, a page at a time. */
export async function auditLog(
  { db }: OperatorReportsDeps,
  page: { perPage: number; cursor?: string },
): Promise<AuditPage> {
  let before: number | null = null;
  if (page.cursor !== undefined) {
    before = /^\d{1,15}$/.test(page.cursor) ? Number(page.cursor) : null;
    if (before === null) throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
  }
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(before === null ? undefined : lt(operatorAudit.id, before))
    .orderBy(desc(operatorAudit.id))
    .limit(page.perPage + 1);
  const items = rows.slice(0, page.perPage);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      before: row.before,
      after: row.after,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > page.perPage && last ? String(last.id) : null,
  };
}
