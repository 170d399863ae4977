import { createHash } from "node:crypto";
import {
  boxLimits,
  chiSquareTest,
  DAY_MS,
  lastGmtDays,
  type PublicFairness,
  type PublicOpening,
  type PublicOpenings,
  publicFairness,
  publishableClientSeedPattern,
} from "@arcana/protocol";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { decodeCursor, encodeCursor } from "../../db/cursor.js";
import type { BoxRewardDefinition, Economy } from "../../economy.js";
import { csvField } from "../../shared/csv.js";
import { resultsWindowStart, storedResults } from "./odds-versions.js";
import { toBoxReward } from "./rules.js";
import { boxOddsVersions, boxOpeningCounts, boxOpeningDays, fairnessSeeds, ownedBoxes } from "./schema.js";

/*
 * The public, anonymous openings export (docs/fairness.md, decision 0043): what re-derives each
 * opening, and nothing that names or links a member: no member or owned-box id, the minute only, a
 * client seed the member typed only as its hash.
 */

/** A day is finished for the export this long after its midnight: an opening's transaction begun before it has committed. */
const FINISH_GRACE_MS = 5 * 60 * 1000;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const openingColumns = {
  id: ownedBoxes.id,
  boxId: ownedBoxes.boxId,
  oddsVersion: boxOddsVersions.version,
  rewards: boxOddsVersions.rewards,
  openedAt: ownedBoxes.openedAt,
  rewardIndex: ownedBoxes.rewardIndex,
  clientSeed: ownedBoxes.clientSeed,
  nonce: ownedBoxes.nonce,
  seedId: fairnessSeeds.id,
  serverSeed: fairnessSeeds.serverSeed,
  serverSeedHash: fairnessSeeds.serverSeedHash,
  seedClientSeed: fairnessSeeds.clientSeed,
  rotatedAt: fairnessSeeds.rotatedAt,
};

function openingsQuery(db: DatabaseOrTransaction) {
  return db
    .select(openingColumns)
    .from(ownedBoxes)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, ownedBoxes.seedId))
    .innerJoin(boxOddsVersions, eq(boxOddsVersions.id, ownedBoxes.oddsVersionId));
}

type OpeningRow = Awaited<ReturnType<ReturnType<typeof openingsQuery>["execute"]>>[number];

/** `YYYY-MM-DDTHH:MMZ`: the minute, so the exact instant does not line an opening up with a member's other traces. */
function toMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16)}Z`;
}

export function toPublicOpening(row: OpeningRow): PublicOpening {
  const rewards = row.rewards as BoxRewardDefinition[];
  const clientSeed = row.clientSeed ?? row.seedClientSeed;
  const index = row.rewardIndex ?? 0;
  return {
    box_id: row.boxId,
    odds_version: row.oddsVersion,
    opened_at: toMinute(row.openedAt as Date),
    server_seed_hash: row.serverSeedHash,
    server_seed: row.rotatedAt ? row.serverSeed : null,
    client_seed: publishableClientSeedPattern.test(clientSeed) ? clientSeed : null,
    client_seed_hash: sha256(clientSeed),
    nonce: row.nonce ?? 0,
    weights: rewards.map((reward) => reward.weight),
    reward_index: index,
    reward: toBoxReward(rewards[index] as BoxRewardDefinition),
  };
}

const csvColumns = [
  "box_id",
  "odds_version",
  "opened_at",
  "server_seed_hash",
  "server_seed",
  "client_seed",
  "client_seed_hash",
  "nonce",
  "weights",
  "reward_index",
  "reward_kind",
  "reward_amount",
  "reward_box_id",
] as const;

/** One CSV line: the JSON fields, the weights space-separated, the reward in three columns; null is empty. */
function csvLine(opening: PublicOpening): string {
  return [
    opening.box_id,
    opening.odds_version,
    opening.opened_at,
    opening.server_seed_hash,
    opening.server_seed,
    opening.client_seed,
    opening.client_seed_hash,
    opening.nonce,
    opening.weights.join(" "),
    opening.reward_index,
    opening.reward.kind,
    opening.reward.amount,
    opening.reward.box_id,
  ]
    .map(csvField)
    .join(",");
}

export type DayFileFormat = "jsonl" | "csv";

export interface DayFile {
  body: string;
  etag: string;
  cacheControl: string;
}

/** Parses `YYYY-MM-DD.jsonl|csv` (the route checked the form); null for a date that does not exist. */
export function parseDayFileName(file: string): { day: string; format: DayFileFormat } | null {
  const [day = "", format] = file.split(".");
  const at = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) return null;
  return { day, format: format === "csv" ? "csv" : "jsonl" };
}

export function createPublicOpenings({ db, economy, now }: { db: Database; economy: Economy; now: () => Date }) {
  /** Every opening of one GMT day, oldest first, as the export's rows and the seeds still to be revealed. */
  async function dayContents(day: string) {
    const from = new Date(`${day}T00:00:00.000Z`);
    const until = new Date(from.getTime() + DAY_MS);
    const rows = await openingsQuery(db)
      .where(
        and(
          isNotNull(ownedBoxes.openedAt),
          gte(ownedBoxes.openedAt, from),
          sql`${ownedBoxes.openedAt} < ${until.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(ownedBoxes.openedAt), asc(ownedBoxes.id));
    const openings = rows.map(toPublicOpening);
    const jsonl = openings.map((opening) => `${JSON.stringify(opening)}\n`).join("");
    const csv = [csvColumns.join(","), ...openings.map(csvLine)].map((line) => `${line}\r\n`).join("");
    const unrevealedSeedIds = [...new Set(rows.filter((row) => !row.rotatedAt).map((row) => row.seedId))];
    return { openings: openings.length, jsonl, csv, etag: sha256(jsonl).slice(0, 32), unrevealedSeedIds };
  }

  /** A finished day's stored file, written now if there is none or a seed it waited for has been revealed since. */
  async function storedDay(day: string) {
    const [stored] = await db.select().from(boxOpeningDays).where(eq(boxOpeningDays.day, day));
    if (stored) {
      const waiting = stored.unrevealedSeedIds;
      if (waiting.length === 0) return stored;
      const [revealedSince] = await db
        .select({ id: fairnessSeeds.id })
        .from(fairnessSeeds)
        .where(and(inArray(fairnessSeeds.id, waiting), isNotNull(fairnessSeeds.rotatedAt)))
        .limit(1);
      if (!revealedSince) return stored;
    }
    const contents = await dayContents(day);
    const row = {
      day,
      openings: contents.openings,
      jsonl: contents.jsonl,
      csv: contents.csv,
      etag: contents.etag,
      unrevealedSeedIds: contents.unrevealedSeedIds,
      writtenAt: now(),
    };
    await db
      .insert(boxOpeningDays)
      .values(row)
      .onConflictDoUpdate({
        target: boxOpeningDays.day,
        set: {
          openings: row.openings,
          jsonl: row.jsonl,
          csv: row.csv,
          etag: row.etag,
          unrevealedSeedIds: row.unrevealedSeedIds,
          writtenAt: row.writtenAt,
        },
      });
    return row;
  }

  return {
    /** `GET /boxes/openings`: the last 90 days' openings, newest first. */
    async list(page: { perPage: number; cursor?: string }): Promise<PublicOpenings | null> {
      let after: { at: Date; id: string } | null = null;
      if (page.cursor !== undefined) {
        after = decodeCursor(page.cursor, "uuid");
        if (!after) return null;
      }
      const since = new Date(now().getTime() - boxLimits.resultsWindowDays * DAY_MS);
      const rows = await openingsQuery(db)
        .where(
          and(
            isNotNull(ownedBoxes.openedAt),
            gte(ownedBoxes.openedAt, since),
            after
              ? sql`(${ownedBoxes.openedAt}, ${ownedBoxes.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(ownedBoxes.openedAt), desc(ownedBoxes.id))
        .limit(page.perPage + 1);
      const items = rows.slice(0, page.perPage);
      const last = items.at(-1);
      return {
        openings: items.map(toPublicOpening),
        next_cursor:
          rows.length > page.perPage && last?.openedAt ? encodeCursor({ at: last.openedAt, id: last.id }) : null,
      };
    },

    /**
     * One GMT day of the last 90 as a file; null for a day outside them. Today's (and the first minutes
     * after midnight) is computed per request and cached a minute; a finished day is served from its
     * stored file: for good once every seed of the day is revealed, briefly until then.
     */
    async dayFile(day: string, format: DayFileFormat): Promise<DayFile | null> {
      const at = now();
      if (!lastGmtDays(at, boxLimits.resultsWindowDays).dates.includes(day)) return null;
      const finished = at.getTime() >= new Date(`${day}T00:00:00.000Z`).getTime() + DAY_MS + FINISH_GRACE_MS;
      const contents = finished ? await storedDay(day) : await dayContents(day);
      const cacheControl = !finished
        ? `public, max-age=${publicFairness.todayMaxAgeSeconds}`
        : contents.unrevealedSeedIds.length === 0
          ? "public, max-age=31536000, immutable"
          : `public, max-age=${publicFairness.waitingMaxAgeSeconds}`;
      return {
        body: format === "csv" ? contents.csv : contents.jsonl,
        etag: `"${contents.etag}-${format}"`,
        cacheControl,
      };
    },

    /**
     * `GET /boxes/fairness/public`: stated odds beside counts with χ², and how many openings anyone can
     * re-derive, over the last 90 GMT days (the export's days); boxes named by `boxName`. It reads the
     * maintained counts (`box_opening_counts`, decision 0050), never the openings themselves.
     */
    async summary(boxName: (boxId: string) => string): Promise<PublicFairness> {
      const at = now();
      const boxIds = [
        ...new Set([
          ...economy.boxes.map((box) => box.id),
          ...(await db.selectDistinct({ boxId: boxOddsVersions.boxId }).from(boxOddsVersions)).map((row) => row.boxId),
        ]),
      ];
      const boxes = await Promise.all(
        boxIds.map(async (boxId) => {
          const results = await storedResults(db, boxId, at);
          return {
            box_id: boxId,
            name: boxName(boxId),
            versions: results.versions.map((version) => {
              const test = chiSquareTest(
                version.rewards.map((reward) => reward.count),
                version.rewards.map((reward) => reward.probability),
              );
              return {
                ...version,
                chi_square: test
                  ? { statistic: test.statistic, degrees_of_freedom: test.degreesOfFreedom, p_value: test.pValue }
                  : null,
              };
            }),
          };
        }),
      );
      const [counts] = await db
        .select({
          verifiable: sql<number>`coalesce(sum(${boxOpeningCounts.openings}) filter (where ${boxOpeningCounts.revealed} and ${boxOpeningCounts.clientSeedPublic}), 0)`,
          waiting: sql<number>`coalesce(sum(${boxOpeningCounts.openings}) filter (where not ${boxOpeningCounts.revealed}), 0)`,
          memberOnly: sql<number>`coalesce(sum(${boxOpeningCounts.openings}) filter (where ${boxOpeningCounts.revealed} and not ${boxOpeningCounts.clientSeedPublic}), 0)`,
        })
        .from(boxOpeningCounts)
        .where(gte(boxOpeningCounts.day, resultsWindowStart(at)));
      return {
        window_days: boxLimits.resultsWindowDays,
        reveal_after_days: publicFairness.revealAfterDays,
        verifiable: Number(counts?.verifiable ?? 0),
        waiting: Number(counts?.waiting ?? 0),
        member_verifiable_only: Number(counts?.memberOnly ?? 0),
        boxes: boxes.filter((box) => box.versions.length > 0),
      };
    },
  };
}

export type PublicOpeningsService = ReturnType<typeof createPublicOpenings>;

/** Seeds still unrevealed whose first opening (nonce 0) is older than `revealAfterDays`: the server reveals them. */
export function seedsDueForReveal(db: DatabaseOrTransaction, at: Date, limit: number) {
  const cutoff = new Date(at.getTime() - publicFairness.revealAfterDays * DAY_MS);
  return db
    .select({ id: fairnessSeeds.id, userId: fairnessSeeds.userId })
    .from(fairnessSeeds)
    .innerJoin(ownedBoxes, and(eq(ownedBoxes.seedId, fairnessSeeds.id), eq(ownedBoxes.nonce, 0)))
    .where(and(isNull(fairnessSeeds.rotatedAt), sql`${ownedBoxes.openedAt} < ${cutoff.toISOString()}::timestamptz`))
    .orderBy(asc(fairnessSeeds.id))
    .limit(limit);
}
