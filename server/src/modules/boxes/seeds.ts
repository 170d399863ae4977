import { createHash, randomBytes } from "node:crypto";
import type { Fairness } from "@arcana/protocol";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { fairnessSeeds } from "./schema.js";

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
  return {
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    client_seed_chosen: seed.clientSeedChosen,
    next_nonce: seed.nextNonce,
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
