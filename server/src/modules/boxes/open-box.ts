import { drawReward, type OpenResult } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { BoxRewardDefinition } from "../../economy.js";
import { enforceLimit } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { grantPoints, pointsBalance } from "../ledger/api.js";
import { grantAllowlistPlace } from "../passes/api.js";
import { lockMember } from "../users/api.js";
import type { BoxContext, Member } from "./box-context.js";
import { boxRateLimits, toBoxReward } from "./rules.js";
import { fairnessSeeds, ownedBoxes } from "./schema.js";
import { currentSeed } from "./seeds.js";

/**
 * Opens one of the member's unopened boxes: draws with the member's seeds and the box's odds
 * version, credits the reward and records the proof, all in one transaction. The row lock on
 * the box makes a second, simultaneous opening find it opened; the member's row, locked first,
 * takes one opening or rotation of the member's seed at a time.
 */
export async function openBox(
  { db, now, limiter, odds, boxName }: BoxContext,
  member: Member,
  ownedBoxId: string,
): Promise<OpenResult> {
  await enforceLimit(limiter, boxRateLimits.openPerMember, member.uid, "Too many boxes opened. Wait a minute.");
  const at = now();
  const versions = await odds.current();
  return db.transaction(async (tx) => {
    await lockMember(tx, member.uid);
    const [owned] = await tx.select().from(ownedBoxes).where(eq(ownedBoxes.id, ownedBoxId)).for("update");
    if (!owned || owned.userId !== member.uid) throw new ApiError("not_found", "You have no such box.");
    if (owned.openedAt) throw new ApiError("already_opened", "This box is already opened.");
    const seed = await currentSeed(tx, member.uid, true, now);
    const version = await odds.byId(owned.oddsVersionId);
    const nonce = seed.nextNonce;
    const { index } = await drawReward(version.rewards, {
      serverSeed: seed.serverSeed,
      clientSeed: seed.clientSeed,
      nonce,
    });
    const reward = version.rewards[index] as BoxRewardDefinition;
    let pts: number | undefined;
    let rewardOwnedBoxId: string | null = null;
    if (reward.kind === "points") {
      ({ pts } = await grantPoints(tx, {
        userId: member.uid,
        kind: "box_reward",
        amount: reward.amount,
        reference: owned.id,
        label: `${boxName(owned.boxId)}: ${reward.amount} points`,
        at,
      }));
    } else if (reward.kind === "box") {
      const wonVersion = versions.get(reward.box) ?? (await odds.stored(tx, reward.box))[0];
      if (!wonVersion) throw new Error(`box ${reward.box} has no odds version`);
      const [won] = await tx
        .insert(ownedBoxes)
        .values({
          userId: member.uid,
          boxId: reward.box,
          oddsVersionId: wonVersion.id,
          source: "reward",
          wonIn: owned.id,
          acquiredAt: at,
        })
        .returning({ id: ownedBoxes.id });
      rewardOwnedBoxId = won?.id ?? null;
    } else {
      await grantAllowlistPlace(tx, member.email);
    }
    await tx
      .update(fairnessSeeds)
      .set({ nextNonce: nonce + 1 })
      .where(eq(fairnessSeeds.id, seed.id));
    await tx
      .update(ownedBoxes)
      .set({ openedAt: at, rewardIndex: index, seedId: seed.id, clientSeed: seed.clientSeed, nonce })
      .where(eq(ownedBoxes.id, owned.id));
    return {
      owned_box_id: owned.id,
      box_id: owned.boxId,
      reward: toBoxReward(reward),
      reward_owned_box_id: rewardOwnedBoxId,
      proof: { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce },
      pts: pts ?? (await pointsBalance(tx, member.uid)),
    };
  });
}
