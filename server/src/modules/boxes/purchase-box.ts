import type { PurchaseRequest, PurchaseResult } from "@arcana/protocol";
import { and, eq, sql } from "drizzle-orm";
import { enforceLimit } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { spendPoints } from "../ledger/api.js";
import type { BoxContext, Member } from "./box-context.js";
import type { OddsVersion } from "./odds-versions.js";
import { boxRateLimits } from "./rules.js";
import { boxMemberPurchases, boxPurchases, boxSupply, ownedBoxes } from "./schema.js";

/**
 * Buys `quantity` boxes in one transaction: the points through the ledger, the member's limit
 * and the supply by conditional updates, so nothing is oversold or charged twice. With an
 * idempotency key, a retry answers the first purchase's result.
 */
export async function purchaseBox(
  { db, now, limiter, odds, definition }: BoxContext,
  member: Member,
  request: PurchaseRequest,
  idempotencyKey?: string,
): Promise<PurchaseResult> {
  const box = definition(request.box_id);
  await enforceLimit(limiter, boxRateLimits.purchasePerMember, member.uid, "Too many purchases. Wait a minute.");
  const version = (await odds.current()).get(box.id) as OddsVersion;
  const { quantity } = request;
  const spent = box.price * quantity;
  const fingerprint = `${box.id}:${quantity}`;
  const at = now();
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .insert(boxPurchases)
      .values({
        userId: member.uid,
        boxId: box.id,
        quantity,
        spent,
        idempotencyKey: idempotencyKey ?? null,
        requestFingerprint: fingerprint,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: boxPurchases.id });
    if (!purchase) {
      // The key was used before (the unique index waited for that purchase to commit).
      const [first] = await tx
        .select()
        .from(boxPurchases)
        .where(and(eq(boxPurchases.userId, member.uid), eq(boxPurchases.idempotencyKey, idempotencyKey ?? "")));
      if (!first?.answer) throw new Error("an idempotent purchase has no stored answer");
      if (first.requestFingerprint !== fingerprint) {
        throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used for a different purchase.");
      }
      return first.answer as PurchaseResult;
    }
    if (box.supply !== null) {
      const [row] = await tx.select({ sold: boxSupply.sold }).from(boxSupply).where(eq(boxSupply.boxId, box.id));
      if ((row?.sold ?? 0) + quantity > box.supply) {
        throw new ApiError("sold_out", `${box.name} has ${Math.max(0, box.supply - (row?.sold ?? 0))} left.`);
      }
    }
    const { pts } = await spendPoints(tx, {
      userId: member.uid,
      kind: "box_purchase",
      amount: spent,
      reference: purchase.id,
      label: `${box.name} × ${quantity}`,
      at,
    });
    const limit = box.perMemberLimit;
    const counted = await tx
      .insert(boxMemberPurchases)
      .values({ userId: member.uid, boxId: box.id, bought: quantity })
      .onConflictDoUpdate({
        target: [boxMemberPurchases.userId, boxMemberPurchases.boxId],
        set: { bought: sql`${boxMemberPurchases.bought} + ${quantity}` },
        ...(limit === null ? {} : { setWhere: sql`${boxMemberPurchases.bought} + ${quantity} <= ${limit}` }),
      })
      .returning({ bought: boxMemberPurchases.bought });
    if (counted.length === 0 || (limit !== null && quantity > limit)) {
      throw new ApiError("limit_reached", `You can buy at most ${limit} ${box.name}es in total.`);
    }
    const owned = await tx
      .insert(ownedBoxes)
      .values(
        Array.from({ length: quantity }, () => ({
          userId: member.uid,
          boxId: box.id,
          oddsVersionId: version.id,
          source: "purchase",
          purchaseId: purchase.id,
          acquiredAt: at,
        })),
      )
      .returning({ id: ownedBoxes.id });
    const answer: PurchaseResult = {
      purchase_id: purchase.id,
      box_id: box.id,
      quantity,
      spent,
      pts,
      owned_box_ids: owned.map((row) => row.id),
    };
    await tx.update(boxPurchases).set({ answer }).where(eq(boxPurchases.id, purchase.id));
    // Supply last: the box's one hot row stays locked only until the commit right after.
    const sold = await tx
      .insert(boxSupply)
      .values({ boxId: box.id, sold: quantity })
      .onConflictDoUpdate({
        target: boxSupply.boxId,
        set: { sold: sql`${boxSupply.sold} + ${quantity}` },
        ...(box.supply === null ? {} : { setWhere: sql`${boxSupply.sold} + ${quantity} <= ${box.supply}` }),
      })
      .returning({ sold: boxSupply.sold });
    if (sold.length === 0 || (box.supply !== null && quantity > box.supply)) {
      throw new ApiError("sold_out", `${box.name} is sold out.`);
    }
    return answer;
  });
}
