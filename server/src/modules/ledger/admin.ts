import type { PointsAdjustment } from "@arcana/protocol";
import type { Database } from "../../db/client.js";
import { type Actor, recordAudit } from "../operator/api.js";
import { lockMemberForAdmin } from "../users/api.js";
import { movePointsByOperator } from "./points.js";

/**
 * Grants or deducts points (the console's points form, `npm run admin -- points grant|deduct`):
 * a `grant` or `deduction` ledger row with the reason, and its audit row, in one transaction. A
 * deduction never takes the balance below zero (`insufficient_points`, nothing written).
 */
export function adjustPoints(
  db: Database,
  actor: Actor,
  memberId: string,
  adjustment: PointsAdjustment,
  at: Date,
): Promise<{ memberId: string; auditId: number; pts: number }> {
  return db.transaction(async (tx) => {
    const member = await lockMemberForAdmin(tx, memberId);
    const move = { userId: member.id, amount: adjustment.amount, reason: adjustment.reason, at };
    const { pts } = await movePointsByOperator(tx, adjustment.direction, move);
    const auditId = await recordAudit(
      tx,
      actor,
      {
        action: adjustment.direction === "grant" ? "points_grant" : "points_deduct",
        subject: member,
        before: { pts: member.pts },
        after: { pts },
        reason: adjustment.reason,
      },
      at,
    );
    return { memberId: member.id, auditId, pts };
  });
}
