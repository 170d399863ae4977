import { createHash, randomBytes } from "node:crypto";
import {
  type BoxResults,
  type BoxReward,
  boxLimits,
  drawReward,
  type Fairness,
  type LootboxSummary,
  type MarketBox,
  type MyBoxes,
  type OddsEntry,
  type OpenedBox,
  type OpenResult,
  type OwnedBox,
  type PurchaseRequest,
  type PurchaseResult,
  type User,
} from "@arcana/protocol";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import type { BoxDefinition, BoxRewardDefinition, Economy } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { grantPoints, pointsBalance, spendPoints } from "../ledger/api.js";
import { grantAllowlistPlace } from "../passes/service.js";
import { lockMember } from "../users/service.js";
import { boxMemberPurchases, boxOddsVersions, boxPurchases, boxSupply, fairnessSeeds, ownedBoxes } from "./schema.js";

type Member = Pick<User, "uid" | "email">;
type OddsVersion = { id: number; boxId: string; version: number; rewards: BoxRewardDefinition[]; createdAt: Date };
type SeedRow = typeof fairnessSeeds.$inferSelect;
type OwnedRow = typeof ownedBoxes.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An odds table as stored, compared field by field (jsonb does not keep key order). */
function tableKey(rewards: BoxRewardDefinition[]): string {
  return rewards.map(rewardKey).join(",");
}

/**
 * Per-member limits: far above what the loot box page does, low enough that a script cannot turn a
 * member's requests into load. A rotation reveals a seed and stores a new one: bounded per day.
 */
export const boxRateLimits = {
  purchasePerMember: { name: "box_purchase_member", max: 30, windowMs: 60 * 1000 },
  openPerMember: { name: "box_open_member", max: 60, windowMs: 60 * 1000 },
  rotatePerMember: { name: "box_rotate_member", max: 20, windowMs: DAY_MS },
} satisfies Record<string, RateLimit>;

/** A reward as stored, compared field by field (jsonb does not keep key order). */
function rewardKey(reward: BoxRewardDefinition): string {
  return JSON.stringify([
    reward.kind,
    reward.kind === "points" ? reward.amount : null,
    reward.kind === "box" ? reward.box : null,
    reward.weight,
  ]);
}

function toBoxReward(reward: BoxRewardDefinition): BoxReward {
  if (reward.kind === "points") return { kind: "points", amount: reward.amount };
  if (reward.kind === "box") return { kind: "box", box_id: reward.box };
  return { kind: "allowlist" };
}

/** The odds table as the API shows it: probabilities are exactly weight / total. */
export function oddsTable(rewards: BoxRewardDefinition[]): OddsEntry[] {
  const total = rewards.reduce((sum, reward) => sum + reward.weight, 0);
  return rewards.map((reward) => ({
    reward: toBoxReward(reward),
    weight: reward.weight,
    probability: reward.weight / total,
  }));
}

function newServerSeed() {
  const serverSeed = randomBytes(32).toString("hex");
  return { serverSeed, serverSeedHash: createHash("sha256").update(serverSeed, "utf8").digest("hex") };
}

function encodeOpenedCursor(row: { openedAt: Date; id: string }): string {
  return Buffer.from(`${row.openedAt.toISOString()}|${row.id}`).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeOpenedCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !iso || !id || !UUID.test(id)) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) return null;
  // Only times an opening can have: JavaScript dates reach far past PostgreSQL's range.
  if (at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999) return null;
  return { at, id };
}

/** How many boxes the member has opened (tasks). */
export async function boxesOpenedBy(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ opened: count() })
    .from(ownedBoxes)
    .where(and(eq(ownedBoxes.userId, userId), isNotNull(ownedBoxes.openedAt)));
  return Number(row?.opened ?? 0);
}

export interface BoxServiceDeps {
  db: Database;
  economy: Economy;
  now: () => Date;
  /** This server offers an older odds version than the newest stored (its economy file is older). */
  onOlderOdds?: (boxId: string, offered: number, newest: number) => void;
  limiter: RateLimiter;
}

export type BoxService = ReturnType<typeof createBoxService>;

export function createBoxService({ db, economy, now, onOlderOdds, limiter }: BoxServiceDeps) {
  const definitions = new Map(economy.boxes.map((box) => [box.id, box]));
  const versionsById = new Map<number, OddsVersion>();

  function toVersion(row: typeof boxOddsVersions.$inferSelect): OddsVersion {
    const version = { ...row, rewards: row.rewards as BoxRewardDefinition[] };
    versionsById.set(version.id, version);
    return version;
  }

  async function storedVersions(tx: DatabaseOrTransaction, boxId: string): Promise<OddsVersion[]> {
    const rows = await tx
      .select()
      .from(boxOddsVersions)
      .where(eq(boxOddsVersions.boxId, boxId))
      .orderBy(desc(boxOddsVersions.version));
    return rows.map(toVersion);
  }

  /**
   * Each box's odds table as a stored version, content-addressed: a table already recorded (by any
   * server, at any time) is that version; only a table never seen before becomes a new one. During a
   * rolling restart a server with the older economy file keeps offering the older version instead of
   * recording it again, and says so. Servers recording the same new table at once agree through the
   * unique (box, version): the loser reads the winner's row.
   */
  async function syncOddsVersions(): Promise<Map<string, OddsVersion>> {
    const current = new Map<string, OddsVersion>();
    for (const box of economy.boxes) {
      const wanted = tableKey(box.rewards);
      let found: OddsVersion | undefined;
      for (let attempt = 0; !found; attempt++) {
        const stored = await storedVersions(db, box.id);
        found = stored.find((version) => tableKey(version.rewards) === wanted);
        if (found) {
          const newest = stored[0] as OddsVersion;
          if (newest.id !== found.id) onOlderOdds?.(box.id, found.version, newest.version);
          break;
        }
        if (attempt === 3) throw new Error(`could not record the odds of box ${box.id}`);
        await db
          .insert(boxOddsVersions)
          .values({ boxId: box.id, version: (stored[0]?.version ?? 0) + 1, rewards: box.rewards })
          .onConflictDoNothing();
      }
      current.set(box.id, found);
    }
    return current;
  }

  let versionsReady: Promise<Map<string, OddsVersion>> | undefined;
  function currentVersions(): Promise<Map<string, OddsVersion>> {
    versionsReady ??= syncOddsVersions().catch((error: unknown) => {
      versionsReady = undefined;
      throw error;
    });
    return versionsReady;
  }

  async function versionById(id: number): Promise<OddsVersion> {
    const known = versionsById.get(id);
    if (known) return known;
    const [row] = await db.select().from(boxOddsVersions).where(eq(boxOddsVersions.id, id));
    if (!row) throw new Error(`odds version ${id} is missing`);
    return toVersion(row);
  }

  function definition(boxId: string): BoxDefinition {
    const box = definitions.get(boxId);
    if (!box) throw new ApiError("not_found", `There is no box "${boxId}".`);
    return box;
  }

  const boxName = (boxId: string) => definitions.get(boxId)?.name ?? boxId;

  /** The member's current server seed, created on first use; locked when `forUpdate`. */
  async function currentSeed(tx: DatabaseOrTransaction, userId: string, forUpdate: boolean): Promise<SeedRow> {
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

  function toOwnedBox(row: OwnedRow, version: OddsVersion): OwnedBox {
    return {
      id: row.id,
      box_id: row.boxId,
      name: boxName(row.boxId),
      odds_version: version.version,
      source: row.source === "reward" ? "reward" : "purchase",
      acquired_at: row.acquiredAt.toISOString(),
    };
  }

  async function fairnessOf(userId: string): Promise<Fairness> {
    const seed = await currentSeed(db, userId, false);
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

  return {
    currentVersions,

    /** `GET /boxes`: every box on sale with its supply left and its full odds table. */
    async market(): Promise<MarketBox[]> {
      const versions = await currentVersions();
      const sold = new Map((await db.select().from(boxSupply)).map((row) => [row.boxId, row.sold]));
      return economy.boxes.map((box) => {
        const version = versions.get(box.id) as OddsVersion;
        return {
          id: box.id,
          name: box.name,
          description: box.description,
          price: box.price,
          supply: box.supply,
          supply_left: box.supply === null ? null : Math.max(0, box.supply - (sold.get(box.id) ?? 0)),
          per_member_limit: box.perMemberLimit,
          odds_version: version.version,
          odds: oddsTable(version.rewards),
        };
      });
    },

    /**
     * Buys `quantity` boxes in one transaction: the points through the ledger, the member's limit
     * and the supply by conditional updates, so nothing is oversold or charged twice. With an
     * idempotency key, a retry answers the first purchase's result.
     */
    async purchase(member: Member, request: PurchaseRequest, idempotencyKey?: string): Promise<PurchaseResult> {
      const box = definition(request.box_id);
      await enforceLimit(limiter, boxRateLimits.purchasePerMember, member.uid, "Too many purchases. Wait a minute.");
      const version = (await currentVersions()).get(box.id) as OddsVersion;
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
    },

    /**
     * Opens one of the member's unopened boxes: draws with the member's seeds and the box's odds
     * version, credits the reward and records the proof, all in one transaction. The row lock on
     * the box makes a second, simultaneous opening find it opened; the member's row, locked first,
     * takes one opening or rotation of the member's seed at a time.
     */
    async open(member: Member, ownedBoxId: string): Promise<OpenResult> {
      await enforceLimit(limiter, boxRateLimits.openPerMember, member.uid, "Too many boxes opened. Wait a minute.");
      const at = now();
      const versions = await currentVersions();
      return db.transaction(async (tx) => {
        await lockMember(tx, member.uid);
        const [owned] = await tx.select().from(ownedBoxes).where(eq(ownedBoxes.id, ownedBoxId)).for("update");
        if (!owned || owned.userId !== member.uid) throw new ApiError("not_found", "You have no such box.");
        if (owned.openedAt) throw new ApiError("already_opened", "This box is already opened.");
        const seed = await currentSeed(tx, member.uid, true);
        const version = await versionById(owned.oddsVersionId);
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
          const wonVersion = versions.get(reward.box) ?? (await storedVersions(tx, reward.box))[0];
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
    },

    /** `GET /boxes/mine`: unopened boxes (first page), then opened ones newest first with their proofs. */
    async mine(userId: string, page: { perPage: number; cursor?: string }): Promise<MyBoxes> {
      let after: { at: Date; id: string } | null = null;
      if (page.cursor !== undefined) {
        after = decodeOpenedCursor(page.cursor);
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
        unopened: await Promise.all(unopened.map(async (row) => toOwnedBox(row, await versionById(row.oddsVersionId)))),
        opened: await Promise.all(
          items.map(async ({ box, seed }): Promise<OpenedBox> => {
            const version = await versionById(box.oddsVersionId);
            const reward = version.rewards[box.rewardIndex ?? 0] as BoxRewardDefinition;
            return {
              ...toOwnedBox(box, version),
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
            ? encodeOpenedCursor({ openedAt: last.box.openedAt, id: last.box.id })
            : null,
      };
    },

    fairness: fairnessOf,

    /**
     * Reveals the current server seed and starts a new one (with the member's client seed, if given).
     * The member's row is locked first: simultaneous rotations and openings take turns.
     */
    async rotate(userId: string, clientSeed?: string): Promise<Fairness> {
      await enforceLimit(
        limiter,
        boxRateLimits.rotatePerMember,
        userId,
        `You can rotate your seed at most ${boxRateLimits.rotatePerMember.max} times a day. Try again later.`,
      );
      await db.transaction(async (tx) => {
        await lockMember(tx, userId);
        const seed = await currentSeed(tx, userId, true);
        const at = now();
        await tx.update(fairnessSeeds).set({ rotatedAt: at }).where(eq(fairnessSeeds.id, seed.id));
        await tx.insert(fairnessSeeds).values({
          userId,
          ...newServerSeed(),
          clientSeed: clientSeed ?? seed.clientSeed,
          clientSeedChosen: clientSeed !== undefined || seed.clientSeedChosen,
          createdAt: at,
        });
      });
      return fairnessOf(userId);
    },

    /** `GET /nft/lootbox`: the page's summary for one member. */
    async summary(userId: string): Promise<LootboxSummary> {
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
      const seed = await currentSeed(db, userId, false);
      return {
        unopened: unopened.map((row) => ({ box_id: row.boxId, name: boxName(row.boxId), count: row.count })),
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
    },

    /** Stated odds beside the openings each odds version produced in the last 90 days. */
    async results(boxId: string): Promise<BoxResults> {
      await currentVersions();
      const results = await storedResults(boxId);
      if (results.versions.length === 0) throw new ApiError("not_found", `There is no box "${boxId}".`);
      return results;
    },

    /**
     * The operator's view (`npm run admin -- boxes list`), read without writing: supply and results
     * per box of the economy file, and which stored odds version its table is (null: no server has
     * offered it yet).
     */
    async report() {
      return Promise.all(
        economy.boxes.map(async (box) => {
          const [row] = await db.select().from(boxSupply).where(eq(boxSupply.boxId, box.id));
          const sold = row?.sold ?? 0;
          const wanted = tableKey(box.rewards);
          const offered = (await storedVersions(db, box.id)).find((version) => tableKey(version.rewards) === wanted);
          return {
            box: {
              id: box.id,
              name: box.name,
              price: box.price,
              supply: box.supply,
              supply_left: box.supply === null ? null : Math.max(0, box.supply - sold),
              per_member_limit: box.perMemberLimit,
            },
            sold,
            offeredVersion: offered?.version ?? null,
            results: await storedResults(box.id),
          };
        }),
      );
    },
  };

  /** Stated odds beside the openings each stored odds version produced in the last 90 days. */
  async function storedResults(boxId: string): Promise<BoxResults> {
    const versions = await storedVersions(db, boxId);
    const since = new Date(now().getTime() - boxLimits.resultsWindowDays * DAY_MS);
    const counts = await db
      .select({ versionId: ownedBoxes.oddsVersionId, index: ownedBoxes.rewardIndex, count: count() })
      .from(ownedBoxes)
      .where(and(eq(ownedBoxes.boxId, boxId), isNotNull(ownedBoxes.openedAt), gte(ownedBoxes.openedAt, since)))
      .groupBy(ownedBoxes.oddsVersionId, ownedBoxes.rewardIndex);
    return {
      box_id: boxId,
      window_days: boxLimits.resultsWindowDays,
      versions: versions.map((version) => {
        const produced = version.rewards.map(
          (_, index) => counts.find((entry) => entry.versionId === version.id && entry.index === index)?.count ?? 0,
        );
        const total = produced.reduce((sum, n) => sum + n, 0);
        return {
          odds_version: version.version,
          offered_from: version.createdAt.toISOString(),
          rewards: oddsTable(version.rewards).map((entry, index) => ({
            ...entry,
            count: produced[index] ?? 0,
            share: total === 0 ? 0 : (produced[index] ?? 0) / total,
          })),
          total,
        };
      }),
    };
  }
}

export type OpenedBoxRow = typeof ownedBoxes.$inferSelect;

/**
 * The next `limit` openings in the range after the given one, oldest first (by opening time, then
 * id): an export's batch.
 */
export function openingsForExport(
  db: DatabaseOrTransaction,
  range: { from: Date | null; until: Date | null },
  after: { openedAt: Date; id: string } | null,
  limit: number,
): Promise<OpenedBoxRow[]> {
  return db
    .select()
    .from(ownedBoxes)
    .where(
      and(
        isNotNull(ownedBoxes.openedAt),
        after
          ? sql`(${ownedBoxes.openedAt}, ${ownedBoxes.id}) > (${after.openedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
        range.from ? gte(ownedBoxes.openedAt, range.from) : undefined,
        range.until ? sql`${ownedBoxes.openedAt} < ${range.until.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(ownedBoxes.openedAt), asc(ownedBoxes.id))
    .limit(limit);
}
