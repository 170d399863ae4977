import { describeBoxReward, type Language } from "@arcana/protocol";
import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../db/client.js";
import { type Economy, textsIn } from "../../economy.js";
import { findOfferedVersion, storedResults, storedVersions } from "./odds-versions.js";
import { boxSupply, ownedBoxes } from "./schema.js";

export interface BoxReportsDeps {
  db: Database;
  economy: Economy;
  now: () => Date;
}

export type BoxReports = ReturnType<typeof createBoxReports>;

/** The operator's read models of the loot boxes (the console and `npm run admin -- boxes list`). */
export function createBoxReports({ db, economy, now }: BoxReportsDeps) {
  return {
    /**
     * Read without writing: supply and results per box of the economy file, and which stored odds
     * version its table is (null: no server has offered it yet). Box names are in `language` (the
     * console's reader; English for the CLI).
     */
    async report(language: Language = "en") {
      return Promise.all(
        economy.boxes.map(async (box) => {
          const [row] = await db.select().from(boxSupply).where(eq(boxSupply.boxId, box.id));
          const sold = row?.sold ?? 0;
          const offered = findOfferedVersion(await storedVersions(db, box.id), box.rewards);
          return {
            box: {
              id: box.id,
              name: textsIn({ name: box.name }, box.i18n, language).name,
              price: box.price,
              supply: box.supply,
              supply_left: box.supply === null ? null : Math.max(0, box.supply - sold),
              per_member_limit: box.perMemberLimit,
            },
            sold,
            offeredVersion: offered?.version ?? null,
            results: await storedResults(db, box.id, now()),
          };
        }),
      );
    },
  };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(2)}%`;
}

/** `npm run admin -- boxes list`: supply sold and left per box, and each odds version's results. */
export async function boxesReport(boxes: BoxReports): Promise<string> {
  const lines: string[] = [];
  for (const { box, sold, offeredVersion, results } of await boxes.report()) {
    const left = box.supply_left === null ? "unlimited" : `${box.supply_left} left of ${box.supply}`;
    const limit = box.per_member_limit === null ? "no limit per member" : `${box.per_member_limit} per member`;
    lines.push(`${box.id}  ${box.name}  ${box.price} points  sold ${sold}, ${left}, ${limit}`);
    const newest = results.versions[0]?.odds_version;
    if (offeredVersion === null) {
      lines.push("  this economy file's odds are not recorded yet: the first server started with it records them");
    } else if (offeredVersion !== newest) {
      lines.push(`  this economy file's odds are v${offeredVersion}, older than the newest recorded (v${newest})`);
    }
    for (const version of results.versions) {
      lines.push(`  odds v${version.odds_version}: ${version.total} openings in the last ${results.window_days} days`);
      for (const reward of version.rewards) {
        const name = describeBoxReward(reward.reward).padEnd(24);
        lines.push(
          `    ${name} stated ${percent(reward.probability).padStart(7)}  seen ${String(reward.count).padStart(6)} (${percent(reward.share)})`,
        );
      }
    }
  }
  return lines.length > 0 ? lines.join("\n") : "No boxes are defined in the economy file.";
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
