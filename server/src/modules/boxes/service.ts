import {
  type BoxResults,
  boxLimits,
  drawReward,
  type Fairness,
  type Language,
  type LootboxSummary,
  type MarketBox,
  type MyBoxes,
  type OpenedBox,
  type OpenResult,
  type OwnedBox,
  type PublicFairness,
  type PublicOpenings,
  type PurchaseRequest,
  type PurchaseResult,
  type User,
} from "@arcana/protocol";
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { decodeCursor, encodeCursor } from "../../db/cursor.js";
import { type BoxDefinition, type BoxRewardDefinition, textsIn } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { enforceLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { grantPoints, pointsBalance, spendPoints } from "../ledger/api.js";
import { grantAllowlistPlace } from "../passes/api.js";
import { lockMember } from "../users/api.js";
import { createOddsVersions, type OddsVersion, type OddsVersionsDeps, storedResults } from "./odds-versions.js";
import { createPublicOpenings, type DayFile, parseDayFileName } from "./public-openings.js";
import { boxRateLimits, oddsTable, toBoxReward } from "./rules.js";
import { boxMemberPurchases, boxPurchases, boxSupply, fairnessSeeds, ownedBoxes } from "./schema.js";
import { currentSeed, fairnessOf, revealDueSeeds, rotateSeed } from "./seeds.js";

type Member = Pick<User, "uid" | "email">;
type OwnedRow = typeof ownedBoxes.$inferSelect;

export interface BoxServiceDeps extends OddsVersionsDeps {
  now: () => Date;
  limiter: RateLimiter;
}

export type BoxService = ReturnType<typeof createBoxService>;

/** How long one server reuses `/fairness`'s figures (the answer says `max-age=60` too). */
const PUBLIC_SUMMARY_TTL_MS = 60 * 1000;

export function createBoxService({ db, economy, now, onOlderOdds, limiter }: BoxServiceDeps) {
  const definitions = new Map(economy.boxes.map((box) => [box.id, box]));
  const odds = createOddsVersions({ db, economy, onOlderOdds });
  const currentVersions = odds.current;
  const versionById = odds.byId;
  const publicOpenings = createPublicOpenings({ db, economy, now });
  const publicSummaries = new Map<Language, { at: number; summary: Promise<PublicFairness> }>();
  const limitPublicRead = (network: string) =>
    enforceLimit(
      limiter,
      boxRateLimits.publicReadsPerIp,
      network,
      "Too many requests from your network. Wait a minute.",
    );

  function definition(boxId: string): BoxDefinition {
    const box = definitions.get(boxId);
    if (!box) throw new ApiError("not_found", `There is no box "${boxId}".`);
    return box;
  }

  /** A box's name and description in `language` (English where the economy file has no translation). */
  const textsOf = (box: BoxDefinition, language: Language) =>
    textsIn({ name: box.name, description: box.description }, box.i18n, language);
  /** The English name: what the ledger stores and the operator reads. */
  const boxName = (boxId: string) => definitions.get(boxId)?.name ?? boxId;
  const boxNameIn = (boxId: string, language: Language) => {
    const box = definitions.get(boxId);
    return box ? textsOf(box, language).name : boxId;
  };

  function toOwnedBox(row: OwnedRow, version: OddsVersion, language: Language): OwnedBox {
    return {
      id: row.id,
      box_id: row.boxId,
      name: boxNameIn(row.boxId, language),
      odds_version: version.version,
      source: row.source === "reward" ? "reward" : "purchase",
      acquired_at: row.acquiredAt.toISOString(),
    };
  }

  return {
    currentVersions,

    /** `GET /boxes`: every box on sale with its supply left and its full odds table, named in `language`. */
    async market(language: Language): Promise<MarketBox[]> {
      const versions = await currentVersions();
      const sold = new Map((await db.select().from(boxSupply)).map((row) => [row.boxId, row.sold]));
      return economy.boxes.map((box) => {
        const version = versions.get(box.id) as OddsVersion;
        return {
          id: box.id,
          ...textsOf(box, language),
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
        const seed = await currentSeed(tx, member.uid, true, now);
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
    },

    /** `GET /boxes/mine`: unopened boxes (first page), then opened ones newest first with their proofs. */
    async mine(userId: string, page: { perPage: number; cursor?: string }, language: Language): Promise<MyBoxes> {
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
          unopened.map(async (row) => toOwnedBox(row, await versionById(row.oddsVersionId), language)),
        ),
        opened: await Promise.all(
          items.map(async ({ box, seed }): Promise<OpenedBox> => {
            const version = await versionById(box.oddsVersionId);
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
    },

    fairness: (userId: string): Promise<Fairness> => fairnessOf(db, userId, now),

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
        await rotateSeed(tx, userId, clientSeed, now);
      });
      return fairnessOf(db, userId, now);
    },

    /** `GET /nft/lootbox`: the page's summary for one member. */
    async summary(userId: string, language: Language): Promise<LootboxSummary> {
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
    },

    /** Stated odds beside the openings each odds version produced in the last 90 days. */
    async results(boxId: string): Promise<BoxResults> {
      await currentVersions();
      const results = await storedResults(db, boxId, now());
      if (results.versions.length === 0) throw new ApiError("not_found", `There is no box "${boxId}".`);
      return results;
    },

    /** `GET /boxes/openings`: every opening of the last 90 days, anonymous, newest first. */
    async publicOpenings(network: string, page: { perPage: number; cursor?: string }): Promise<PublicOpenings> {
      await limitPublicRead(network);
      const openings = await publicOpenings.list(page);
      if (!openings) throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
      return openings;
    },

    /** `GET /boxes/openings/{YYYY-MM-DD}.jsonl|csv`: one GMT day's openings as a file. */
    async openingsDayFile(network: string, file: string): Promise<DayFile & { day: string; format: "jsonl" | "csv" }> {
      await limitPublicRead(network);
      const parsed = parseDayFileName(file);
      if (!parsed) throw new ApiError("bad_request", `${file} does not name a calendar day.`);
      const found = await publicOpenings.dayFile(parsed.day, parsed.format);
      if (!found)
        throw new ApiError(
          "not_found",
          `Openings are published for the last ${boxLimits.resultsWindowDays} days only.`,
        );
      return { ...found, ...parsed };
    },

    /** `GET /boxes/fairness/public`: stated odds beside counts with χ², verifiable and waiting openings. */
    async publicFairness(network: string, language: Language): Promise<PublicFairness> {
      await limitPublicRead(network);
      await currentVersions();
      // It counts every opening of 90 days: computed at most once a minute per language and server.
      const cached = publicSummaries.get(language);
      if (cached && now().getTime() - cached.at < PUBLIC_SUMMARY_TTL_MS) return cached.summary;
      const summary = publicOpenings.summary((boxId) => boxNameIn(boxId, language));
      publicSummaries.set(language, { at: now().getTime(), summary });
      summary.catch(() => publicSummaries.delete(language));
      return summary;
    },

    /** The seed-reveal job's pass: reveals every seed whose first opening is 30 days old (decision 0043). */
    revealDueSeeds: (): Promise<number> => revealDueSeeds(db, now),
  };
}
