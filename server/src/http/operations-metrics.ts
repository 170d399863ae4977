import type { ChainStatuses } from "@arcana/protocol";
import { Gauge, type Registry } from "prom-client";
import type { SignerStatus } from "../chain/signer-health.js";
import { type PerChainSeries, registerPerChainGauges } from "./metrics.js";

/**
 * Prometheus series an operator alerts on, per chain: how far the indexer is behind (blocks and
 * seconds) and who leads it, read from the database at scrape time (every server reports the same
 * figures, whichever leads), and whether the contracts accept this server's signer.
 */
export function registerOperationsMetrics(
  registry: Registry,
  deps: { chainStatuses: () => Promise<ChainStatuses>; signerStatuses: () => SignerStatus[]; now: () => Date },
) {
  // One database read per scrape for all the indexer series (a scrape collects them concurrently).
  let reading: Promise<ChainStatuses["chains"]> | null = null;
  const statuses = () => {
    reading ??= deps
      .chainStatuses()
      .then(
        (answer) => answer.chains,
        () => [],
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const perChain: Array<PerChainSeries<ChainStatuses["chains"][number]>> = [
    [
      "arcana_indexer_lag_blocks",
      "Blocks between the chain's head and what the indexer has applied",
      (c) => c.lag_blocks,
    ],
    [
      "arcana_indexer_lag_seconds",
      "How old the newest indexed block was at the indexer's last report (0 within the confirmations)",
      (c) => c.lag_seconds,
    ],
    [
      "arcana_indexer_report_age_seconds",
      "Seconds since the leading indexer last reported on the chain (a dead leader grows it)",
      (c) => (c.reported_at ? Math.max(0, (deps.now().getTime() - Date.parse(c.reported_at)) / 1000) : null),
    ],
  ];
  registerPerChainGauges(registry, statuses, (chain) => chain.name, perChain);
  new Gauge({
    name: "arcana_indexer_leader",
    help: "1 for the instance (host:pid) that last indexed the chain",
    labelNames: ["chain", "instance"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const chain of await statuses()) {
        if (chain.leader) this.set({ chain: chain.name, instance: chain.leader }, 1);
      }
    },
  });
  new Gauge({
    name: "arcana_signer_authorizer_match",
    help: "1 when the chain's GenesisPass accepts this server's SIGNER_PRIVATE_KEY, 0 when it accepts another (absent until read)",
    labelNames: ["chain"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const status of deps.signerStatuses()) {
        if (status.matches !== null) this.set({ chain: status.chain }, status.matches ? 1 : 0);
      }
    },
  });
}
