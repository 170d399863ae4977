import { createHash, randomBytes } from "node:crypto";
import { DAY_MS, type Fairness, publicFairness } from "@arcana/protocol";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { lockMember } from "../users/api.js";
import { seedsDueForReveal } from "./public-openings.js";
import { fairnessSeeds, ownedBoxes } from "./schema.js";

/** A member's provably-fair seeds (docs/fairness.md): the current one hashed, rotated ones revealed. */
export type SeedRow = typeof fairnessSeeds.$inferSelect;

function newServerSeed() {
  const serverSeed = randomBytes(32).toString("hex");
  return { serverSeed, serverSeedHash: createHash("sha256").update(serverSeed, "utf8").digest("hex") };
}

/** The member's current server seed, created on first use; locked when `forUpdate`. */
export async function currentSeed(
  tx: DatabaseOrTransaction,
  userId: string,
  forUpdate: boolean,
  now: () => Date,
): Promise<SeedRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const query = tx
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.userId, userId), isNull(fairnessSeeds.rotatedAt)));
    const [seed] = forUpdate ? await query.for("update") : await query;
    if (seed) return seed;
    // None yet, or a rotation replaced it while we waited for its lock: (re)read in a new statement.
    await tx
      .insert(fairnessSeeds)
      .values({ userId, ...newServerSeed(), clientSeed: randomBytes(8).toString("hex"), createdAt: now() })
      .onConflictDoNothing();
  }
  throw new Error(`no current fairness seed for ${userId}`);
}

/** The seed openings will use next, and the last 100 rotated (revealed) seeds. */
export async function fairnessOf(db: DatabaseOrTransaction, userId: string, now: () => Date): Promise<Fairness> {
  const seed = await currentSeed(db, userId, false, now);
  const revealed = await db
    .select()
    .from(fairnessSeeds)
    .where(and(eq(fairnessSeeds.userId, userId), isNotNull(fairnessSeeds.rotatedAt)))
    .orderBy(desc(fairnessSeeds.id))
    .limit(100);
  const [first] =
    seed.nextNonce > 0
      ? await db
          .select({ openedAt: ownedBoxes.openedAt })
          .from(ownedBoxes)
          .where(and(eq(ownedBoxes.seedId, seed.id), eq(ownedBoxes.nonce, 0)))
      : [];
  return {
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    client_seed_chosen: seed.clientSeedChosen,
    next_nonce: seed.nextNonce,
    reveal_at: first?.openedAt
      ? new Date(first.openedAt.getTime() + publicFairness.revealAfterDays * DAY_MS).toISOString()
      : null,
    revealed: revealed.map((row) => ({
      server_seed: row.serverSeed,
      server_seed_hash: row.serverSeedHash,
      client_seed: row.clientSeed,
      first_nonce: 0,
      last_nonce: row.nextNonce > 0 ? row.nextNonce - 1 : null,
      rotated_at: (row.rotatedAt as Date).toISOString(),
    })),
  };
}

/**
 * Reveals the current server seed and stores a new one (with the given client seed, or the current
 * one's), in the caller's transaction, which holds the member's lock.
 */
export async function rotateSeed(
  tx: DatabaseOrTransaction,
  userId: string,
  clientSeed: string | undefined,
  now: () => Date,
): Promise<void> {
  const seed = await currentSeed(tx, userId, true, now);
  const at = now();
  await tx.update(fairnessSeeds).set({ rotatedAt: at }).where(eq(fairnessSeeds.id, seed.id));
  await tx.insert(fairnessSeeds).values({
    userId,
    ...newServerSeed(),
    clientSeed: clientSeed ?? seed.clientSeed,
    clientSeedChosen: clientSeed !== undefined || seed.clientSeedChosen,
    createdAt: at,
  });
}

/** Seeds the server reveals in one pass at most; the next pass takes the rest. */
const REVEALS_PER_PASS = 500;

/**
 * Reveals every server seed whose first opening is `revealAfterDays` old and that its member has not
 * rotated (decision 0043), so every opening older than that is verifiable by anyone; the member keeps
 * their client seed and gets a new server seed. Each under the member's lock, as a rotation. Answers
 * how many it revealed.
 */
export async function revealDueSeeds(db: Database, now: () => Date): Promise<number> {
  let revealed = 0;
  for (;;) {
    const due = await seedsDueForReveal(db, now(), REVEALS_PER_PASS);
    for (const seed of due) {
      const done = await db.transaction(async (tx) => {
        await lockMember(tx, seed.userId);
        const current = await currentSeed(tx, seed.userId, true, now);
        // The member rotated it meanwhile: nothing left to reveal.
        if (current.id !== seed.id) return false;
        await rotateSeed(tx, seed.userId, undefined, now);
        return true;
      });
      if (done) revealed += 1;
    }
    if (due.length < REVEALS_PER_PASS) return revealed;
  }
}
