import type { Registry } from "prom-client";
import type { Database } from "../../db/client.js";
import {
  type PerChainSeries,
  registerPerChainCounters,
  registerPerChainGauges,
} from "../../shared/per-chain-metrics.js";
import type { SponsoredChains } from "./relayer/chain-state.js";
import { type RelayerReport, relayerReports } from "./reports.js";

/**
 * Prometheus series of the relayers, read from the database (and the chain for balances) at scrape
 * time, so every server reports the same figures whichever one sends.
 */
export function registerSponsorshipMetrics(
  registry: Registry,
  deps: { db: Database; chains: SponsoredChains; now: () => Date },
) {
  if (deps.chains.all().length === 0) return;
  let last: { at: number; reports: Promise<RelayerReport[]> } | null = null;
  // The last balance read per chain: an RPC outage keeps it (with its age) rather than dropping the series,
  // so a balance alert still has a value to judge and the outage shows as a growing age.
  // A balance is briefly cached (the same read answers again): its time is when that read was made.
  const lastBalances = new Map<number, { wei: bigint; at: Date; read: Promise<bigint> }>();
  const balanceOf = async (chainId: number): Promise<bigint | null> => {
    const reading = deps.chains.balance(chainId);
    const at = deps.now();
    const wei = await reading.catch(() => null);
    if (wei !== null && lastBalances.get(chainId)?.read !== reading) {
      lastBalances.set(chainId, { wei, at, read: reading });
    }
    return lastBalances.get(chainId)?.wei ?? null;
  };
  // One read per scrape for all the series below.
  const reports = () => {
    if (!last || Date.now() - last.at > 1_000) {
      const reading = Promise.all(
        deps.chains.all().map(async (target) => ({
          target,
          balance: await balanceOf(target.chain.id),
        })),
      ).then((chains) => relayerReports(deps.db, chains, { now: deps.now(), days: 1 }));
      last = { at: Date.now(), reports: reading.catch(() => []) };
    }
    return last.reports;
  };
  const series: Array<PerChainSeries<RelayerReport>> = [
    [
      "arcana_relayer_balance",
      "Relayer balance in the chain's native token (the last one read while the RPC is down)",
      (r) => wei(r.balanceWei),
    ],
    [
      "arcana_relayer_balance_age_seconds",
      "Seconds since arcana_relayer_balance was read from the chain (grows while the RPC is down)",
      (r) => {
        const read = lastBalances.get(r.chainId);
        return read ? Math.max(0, (deps.now().getTime() - read.at.getTime()) / 1000) : null;
      },
    ],
    [
      "arcana_relayer_low_balance",
      "Balance below which sponsorship pauses (native token)",
      (r) => wei(r.lowBalanceWei),
    ],
    ["arcana_sponsorship_budget", "Daily sponsorship budget (native token)", (r) => wei(r.budgetWei)],
    [
      "arcana_sponsorship_spent_today",
      "Spent today, GMT (native token; gas used × price, reverts included)",
      (r) => wei(r.spentTodayWei),
    ],
    ["arcana_relayer_queue_depth", "Sponsored relays accepted and not yet mined", (r) => r.queueDepth],
    [
      "arcana_relayer_waiting_over_minute",
      "Relays accepted more than a minute ago and not yet mined",
      (r) => r.waitingOverMinute,
    ],
  ];
  const counters: Array<PerChainSeries<RelayerReport>> = [
    ["arcana_sponsored_relays_confirmed_total", "Sponsored relays confirmed", (r) => r.confirmed],
    [
      "arcana_sponsored_relays_failed_total",
      "Sponsored relays failed, on chain or expired in the queue",
      (r) => r.failed,
    ],
    ["arcana_relayer_replacements_total", "Relayer transactions replaced with bumped fees", (r) => r.replaced],
  ];
  registerPerChainGauges(registry, reports, (report) => report.chainKey, series);
  registerPerChainCounters(registry, reports, (report) => report.chainKey, counters);
}

/** Whole units of the native token, as a float (precise enough for a dashboard and an alert). */
function wei(amount: bigint | null): number | null {
  return amount === null ? null : Number(amount) / 1e18;
}
