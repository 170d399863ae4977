import type { Language, MarketBox } from "@arcana/protocol";
import type { BoxContext } from "./box-context.js";
import type { OddsVersion } from "./odds-versions.js";
import { oddsTable } from "./rules.js";
import { boxSupply } from "./schema.js";

/** `GET /boxes`: every box on sale with its supply left and its full odds table, named in `language`. */
export async function listMarket({ db, economy, odds, textsOf }: BoxContext, language: Language): Promise<MarketBox[]> {
  const versions = await odds.current();
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
}
