import { gmtDayNumber } from "@arcana/protocol";
import { and, eq, inArray } from "drizzle-orm";
import type { Registry } from "prom-client";
import { parseEther } from "viem";
import type { Database } from "../../db/client.js";
import { registerPerChainGauges } from "../../shared/per-chain-metrics.js";
import type { SponsoredChains } from "./relayer/chain-state.js";
import { burnPace } from "./rules.js";
import { sponsorshipDays } from "./schema.js";

/**
 * How fast each chain's day budget burns (`arcana_sponsorship_burn_pace`) and the pace the economy file
 * alerts at (`arcana_sponsorship_burn_pace_limit`, the chain's `burnPaceAlert`), read at scrape time from
 * the day's totals every server shares (decision 0041).
 */
export function registerSponsorshipBurnMetrics(
  registry: Registry,
  deps: { db: Database; chains: SponsoredChains; now: () => Date },
) {
  const targets = deps.chains.all();
  if (targets.length === 0) return;
  let last: { at: number; rows: Promise<Array<{ chain: string; pace: number; limit: number }>> } | null = null;
  const rows = () => {
    if (!last || Date.now() - last.at > 1_000) {
      const now = deps.now();
      const reading = deps.db
        .select()
        .from(sponsorshipDays)
        .where(
          and(
            eq(sponsorshipDays.day, gmtDayNumber(now)),
            inArray(
              sponsorshipDays.chainId,
              targets.map((target) => target.chain.id),
            ),
          ),
        )
        .then((days) =>
          targets.map((target) => {
            const day = days.find((row) => row.chainId === target.chain.id);
            const used = BigInt(day?.spentWei ?? "0") + BigInt(day?.reservedWei ?? "0");
            return {
              chain: target.chain.key,
              pace: burnPace(used, parseEther(target.settings.dailyBudget), now),
              limit: target.settings.burnPaceAlert,
            };
          }),
        );
      last = { at: Date.now(), rows: reading.catch(() => []) };
    }
    return last.rows;
  };
  registerPerChainGauges(registry, rows, (row) => row.chain, [
    [
      "arcana_sponsorship_burn_pace",
      "Today's sponsorship spending (and reservations) against an even spread of the day budget so far; 1 lasts the day",
      (row) => row.pace,
    ],
    [
      "arcana_sponsorship_burn_pace_limit",
      "The burn pace the economy file alerts at (burnPaceAlert)",
      (row) => row.limit,
    ],
  ]);
}
