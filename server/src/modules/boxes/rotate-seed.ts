import type { Fairness } from "@arcana/protocol";
import { enforceLimit } from "../../rate-limit/limiter.js";
import { lockMember } from "../users/api.js";
import type { BoxContext } from "./box-context.js";
import { boxRateLimits } from "./rules.js";
import { fairnessOf, rotateSeed as rotateStoredSeed } from "./seeds.js";

/**
 * Reveals the current server seed and starts a new one (with the member's client seed, if given).
 * The member's row is locked first: simultaneous rotations and openings take turns.
 */
export async function rotateSeed(
  { db, now, limiter }: BoxContext,
  userId: string,
  clientSeed?: string,
): Promise<Fairness> {
  await enforceLimit(
    limiter,
    boxRateLimits.rotatePerMember,
    userId,
    `You can rotate your seed at most ${boxRateLimits.rotatePerMember.max} times a day. Try again later.`,
  );
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    await rotateStoredSeed(tx, userId, clientSeed, now);
  });
  return fairnessOf(db, userId, now);
}
