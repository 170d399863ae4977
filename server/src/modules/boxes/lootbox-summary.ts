import type { Language, LootboxSummary } from "@arcana/protocol";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { BoxContext } from "./box-context.js";
import { boxMemberPurchases, ownedBoxes } from "./schema.js";
import { currentSeed } from "./seeds.js";

/** `GET /nft/lootbox`: the page's summary for one member. */
export async function lootboxSummary(
  { db, economy, now, boxNameIn }: BoxContext,
  userId: string,
  language: Language,
): Promise<LootboxSummary> {
  const unopened = await db
    .select({ boxId: ownedBoxes.boxId, count: count() })
    .from(ownedBoxes)
    .where(and(eq(ownedBoxes.userId, userId), isNull(ownedBoxes.openedAt)))
    .groupBy(ownedBoxes.boxId)
    .orderBy(asc(ownedBoxes.boxId));
  const bought = new Map(
    (await db.select().from(boxMemberPurchases).where(eq(boxMemberPurchases.userId, userId))).map((row) => [
      row.boxId,
      row.bought,
    ]),
  );
  const seed = await currentSeed(db, userId, false, now);
  return {
    unopened: unopened.map((row) => ({
      box_id: row.boxId,
      name: boxNameIn(row.boxId, language),
      count: row.count,
    })),
    fairness: { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, next_nonce: seed.nextNonce },
    limits: economy.boxes.map((box) => {
      const mine = bought.get(box.id) ?? 0;
      return {
        box_id: box.id,
        per_member_limit: box.perMemberLimit,
        bought: mine,
        left: box.perMemberLimit === null ? null : Math.max(0, box.perMemberLimit - mine),
      };
    }),
  };
}
