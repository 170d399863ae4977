import type { Language, MyBoxes, OpenedBox } from "@arcana/protocol";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "../../db/cursor.js";
import type { BoxRewardDefinition } from "../../economy.js";
import { ApiError } from "../../shared/errors.js";
import type { BoxContext } from "./box-context.js";
import { oddsTable, toBoxReward } from "./rules.js";
import { fairnessSeeds, ownedBoxes } from "./schema.js";

/** `GET /boxes/mine`: unopened boxes (first page), then opened ones newest first with their proofs. */
export async function listMyBoxes(
  { db, odds, toOwnedBox }: BoxContext,
  userId: string,
  page: { perPage: number; cursor?: string },
  language: Language,
): Promise<MyBoxes> {
  let after: { at: Date; id: string } | null = null;
  if (page.cursor !== undefined) {
    after = decodeCursor(page.cursor, "uuid");
    if (!after) throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
  }
  const unopened = after
    ? []
    : await db
        .select()
        .from(ownedBoxes)
        .where(and(eq(ownedBoxes.userId, userId), isNull(ownedBoxes.openedAt)))
        .orderBy(desc(ownedBoxes.acquiredAt), desc(ownedBoxes.id));
  const opened = await db
    .select({ box: ownedBoxes, seed: fairnessSeeds })
    .from(ownedBoxes)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, ownedBoxes.seedId))
    .where(
      and(
        eq(ownedBoxes.userId, userId),
        isNotNull(ownedBoxes.openedAt),
        after
          ? sql`(${ownedBoxes.openedAt}, ${ownedBoxes.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(ownedBoxes.openedAt), desc(ownedBoxes.id))
    .limit(page.perPage + 1);
  const items = opened.slice(0, page.perPage);
  const last = items.at(-1);
  return {
    unopened: await Promise.all(
      unopened.map(async (row) => toOwnedBox(row, await odds.byId(row.oddsVersionId), language)),
    ),
    opened: await Promise.all(
      items.map(async ({ box, seed }): Promise<OpenedBox> => {
        const version = await odds.byId(box.oddsVersionId);
        const reward = version.rewards[box.rewardIndex ?? 0] as BoxRewardDefinition;
        return {
          ...toOwnedBox(box, version, language),
          opened_at: (box.openedAt as Date).toISOString(),
          reward: toBoxReward(reward),
          odds: oddsTable(version.rewards),
          proof: {
            server_seed_hash: seed.serverSeedHash,
            client_seed: box.clientSeed ?? seed.clientSeed,
            nonce: box.nonce ?? 0,
            server_seed: seed.rotatedAt ? seed.serverSeed : null,
          },
        };
      }),
    ),
    next_cursor:
      opened.length > page.perPage && last?.box.openedAt
        ? encodeCursor({ at: last.box.openedAt, id: last.box.id })
        : null,
  };
}
