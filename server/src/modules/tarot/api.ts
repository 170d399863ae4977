import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { createTarotCredits, type TarotCreditsDeps, type TarotRecordedEvent } from "./credit.js";
import { memberDraws } from "./rules.js";
import { tarotRecords } from "./schema.js";

/** How many GMT days the member's draw was recorded on chain (tasks). */
export async function tarotRecordedDays(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ days: sql<number>`count(distinct ${tarotRecords.day})::int` })
    .from(tarotRecords)
    .where(eq(tarotRecords.userId, userId));
  return Number(row?.days ?? 0);
}

/**
 * How a confirmed relay's tarot record is credited (sponsorship's settlement): the one tarot credit
 * rule (the digest must be the member's draw of that day), in the caller's transaction, joining the
 * indexer's reorg window as every fast path does. Whether the record stands credited (by this call
 * or an earlier path); false when no member held the wallet then or the digest is not their draw.
 */
export function relayedTarotCredits(
  deps: Omit<TarotCreditsDeps, "config" | "drawFor"> & { config: Pick<Config, "chains" | "tarotDrawSecret"> },
) {
  const { pipeline } = createTarotCredits({
    ...deps,
    drawFor: memberDraws(deps.config.tarotDrawSecret),
  });
  return async (tx: Transaction, event: TarotRecordedEvent & { blockNumber: number }): Promise<boolean> =>
    ((await pipeline.creditSeen([event], tx))[0] ?? null) !== null;
}
