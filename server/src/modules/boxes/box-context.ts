import type { Language, OwnedBox, User } from "@arcana/protocol";
import type { Database } from "../../db/client.js";
import { type BoxDefinition, type Economy, textsIn } from "../../economy.js";
import { enforceLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { createOddsVersions, type OddsVersion, type OddsVersionsDeps } from "./odds-versions.js";
import { createPublicOpenings } from "./public-openings.js";
import { boxRateLimits } from "./rules.js";
import type { ownedBoxes } from "./schema.js";

/** The member a use case acts for. */
export type Member = Pick<User, "uid" | "email">;
type OwnedRow = typeof ownedBoxes.$inferSelect;

export interface BoxServiceDeps extends OddsVersionsDeps {
  now: () => Date;
  limiter: RateLimiter;
}

/**
 * What every box use case (purchase-box.ts, open-box.ts, …) shares: the database, the clock, the
 * limiter, the box definitions and odds versions, and how a box is named in a language.
 */
export interface BoxContext {
  db: Database;
  economy: Economy;
  now: () => Date;
  limiter: RateLimiter;
  odds: ReturnType<typeof createOddsVersions>;
  publicOpenings: ReturnType<typeof createPublicOpenings>;
  /** The box on sale as `boxId`, or a not_found refusal. */
  definition(boxId: string): BoxDefinition;
  /** A box's name and description in `language` (English where the economy file has no translation). */
  textsOf(box: BoxDefinition, language: Language): { name: string; description: string };
  /** The English name: what the ledger stores and the operator reads. */
  boxName(boxId: string): string;
  boxNameIn(boxId: string, language: Language): string;
  toOwnedBox(row: OwnedRow, version: OddsVersion, language: Language): OwnedBox;
  /** The per-network limit of the public fairness reads. */
  limitPublicRead(network: string): Promise<void>;
}

export function createBoxContext({ db, economy, now, onOlderOdds, limiter }: BoxServiceDeps): BoxContext {
  const definitions = new Map(economy.boxes.map((box) => [box.id, box]));
  const textsOf = (box: BoxDefinition, language: Language) =>
    textsIn({ name: box.name, description: box.description }, box.i18n, language);
  const boxNameIn = (boxId: string, language: Language) => {
    const box = definitions.get(boxId);
    return box ? textsOf(box, language).name : boxId;
  };
  return {
    db,
    economy,
    now,
    limiter,
    odds: createOddsVersions({ db, economy, onOlderOdds }),
    publicOpenings: createPublicOpenings({ db, economy, now }),
    definition(boxId) {
      const box = definitions.get(boxId);
      if (!box) throw new ApiError("not_found", `There is no box "${boxId}".`);
      return box;
    },
    textsOf,
    boxName: (boxId) => definitions.get(boxId)?.name ?? boxId,
    boxNameIn,
    toOwnedBox: (row, version, language) => ({
      id: row.id,
      box_id: row.boxId,
      name: boxNameIn(row.boxId, language),
      odds_version: version.version,
      source: row.source === "reward" ? "reward" : "purchase",
      acquired_at: row.acquiredAt.toISOString(),
    }),
    limitPublicRead: (network) =>
      enforceLimit(
        limiter,
        boxRateLimits.publicReadsPerIp,
        network,
        "Too many requests from your network. Wait a minute.",
      ),
  };
}
