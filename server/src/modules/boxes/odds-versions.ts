import { type BoxResults, boxLimits, lastGmtDays } from "@arcana/protocol";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import type { BoxRewardDefinition, Economy } from "../../economy.js";
import { oddsTable, tableKey } from "./rules.js";
import { boxOddsVersions, boxOpeningCounts } from "./schema.js";

export type OddsVersion = {
  id: number;
  boxId: string;
  version: number;
  rewards: BoxRewardDefinition[];
  createdAt: Date;
};

function toVersion(row: typeof boxOddsVersions.$inferSelect): OddsVersion {
  return { ...row, rewards: row.rewards as BoxRewardDefinition[] };
}

/** A box's stored odds versions, newest first. */
export async function storedVersions(tx: DatabaseOrTransaction, boxId: string): Promise<OddsVersion[]> {
  const rows = await tx
    .select()
    .from(boxOddsVersions)
    .where(eq(boxOddsVersions.boxId, boxId))
    .orderBy(desc(boxOddsVersions.version));
  return rows.map(toVersion);
}

/** The stored version whose table is the economy file's for this box (undefined: none recorded yet). */
export function findOfferedVersion(stored: OddsVersion[], rewards: BoxRewardDefinition[]): OddsVersion | undefined {
  const wanted = tableKey(rewards);
  return stored.find((version) => tableKey(version.rewards) === wanted);
}

/** The first GMT day of the results window: the last 90 GMT days, today's included (the export's days). */
export function resultsWindowStart(now: Date): string {
  return lastGmtDays(now, boxLimits.resultsWindowDays).dates[0] as string;
}

/** Stated odds beside the openings each stored odds version produced in the last 90 GMT days (from their counts). */
export async function storedResults(db: DatabaseOrTransaction, boxId: string, now: Date): Promise<BoxResults> {
  const versions = await storedVersions(db, boxId);
  const counts =
    versions.length === 0
      ? []
      : await db
          .select({
            versionId: boxOpeningCounts.oddsVersionId,
            index: boxOpeningCounts.rewardIndex,
            count: sql<number>`sum(${boxOpeningCounts.openings})::int`,
          })
          .from(boxOpeningCounts)
          .where(
            and(
              inArray(
                boxOpeningCounts.oddsVersionId,
                versions.map((version) => version.id),
              ),
              gte(boxOpeningCounts.day, resultsWindowStart(now)),
            ),
          )
          .groupBy(boxOpeningCounts.oddsVersionId, boxOpeningCounts.rewardIndex);
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

export interface OddsVersionsDeps {
  db: Database;
  economy: Economy;
  /** This server offers an older odds version than the newest stored (its economy file is older). */
  onOlderOdds?: (boxId: string, offered: number, newest: number) => void;
}

/** The odds versions this server offers, recorded once, and every stored version by id (cached). */
export function createOddsVersions({ db, economy, onOlderOdds }: OddsVersionsDeps) {
  const versionsById = new Map<number, OddsVersion>();

  async function stored(tx: DatabaseOrTransaction, boxId: string): Promise<OddsVersion[]> {
    const versions = await storedVersions(tx, boxId);
    for (const version of versions) versionsById.set(version.id, version);
    return versions;
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
      let found: OddsVersion | undefined;
      for (let attempt = 0; !found; attempt++) {
        const versions = await stored(db, box.id);
        found = findOfferedVersion(versions, box.rewards);
        if (found) {
          const newest = versions[0] as OddsVersion;
          if (newest.id !== found.id) onOlderOdds?.(box.id, found.version, newest.version);
          break;
        }
        if (attempt === 3) throw new Error(`could not record the odds of box ${box.id}`);
        await db
          .insert(boxOddsVersions)
          .values({ boxId: box.id, version: (versions[0]?.version ?? 0) + 1, rewards: box.rewards })
          .onConflictDoNothing();
      }
      current.set(box.id, found);
    }
    return current;
  }

  let versionsReady: Promise<Map<string, OddsVersion>> | undefined;

  return {
    stored,

    /** The version each box is offered at (recorded on first use). */
    current(): Promise<Map<string, OddsVersion>> {
      versionsReady ??= syncOddsVersions().catch((error: unknown) => {
        versionsReady = undefined;
        throw error;
      });
      return versionsReady;
    },

    async byId(id: number): Promise<OddsVersion> {
      const known = versionsById.get(id);
      if (known) return known;
      const [row] = await db.select().from(boxOddsVersions).where(eq(boxOddsVersions.id, id));
      if (!row) throw new Error(`odds version ${id} is missing`);
      const version = toVersion(row);
      versionsById.set(version.id, version);
      return version;
    },
  };
}
