import type { ChainStatuses } from "@arcana/protocol";
import { Gauge, type Registry } from "prom-client";
import type { RpcHealth } from "../chain/rpc-health.js";
import type { SignerStatus } from "../chain/signer-health.js";
import { type PerChainSeries, registerPerChainGauges } from "../shared/per-chain-metrics.js";

/**
 * Prometheus series an operator alerts on, per chain: how far the indexer is behind (blocks and
 * seconds) and who leads it, read from the database at scrape time (every server reports the same
 * figures, whichever leads), and whether the contracts accept this server's signer.
 */
export function registerOperationsMetrics(
  registry: Registry,
  deps: {
    chainStatuses: () => Promise<ChainStatuses>;
    signerStatuses: () => SignerStatus[];
    rpcHealth: RpcHealth;
    now: () => Date;
  },
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
      "How far the indexed state is behind the chain: the newest indexed block's age at the last successful pass (0 within the confirmations), plus the time since that pass (grows while the RPC is down)",
      (c) => c.lag_seconds,
    ],
    [
      "arcana_indexer_report_age_seconds",
      "Seconds since the leading indexer last completed a pass on the chain (a dead leader or an RPC outage grows it)",
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
    help: "1 when the chain's GenesisPass accepts this server's SIGNER_PRIVATE_KEY, 0 when it accepts another (absent until first read; the last answer stays while the RPC is down)",
    labelNames: ["chain"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const status of deps.signerStatuses()) {
        if (status.matches !== null) this.set({ chain: status.chain }, status.matches ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: "arcana_signer_authorizer_match_age_seconds",
    help: "Seconds since arcana_signer_authorizer_match was read from the chain (grows while the RPC is down)",
    labelNames: ["chain"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const at = deps.now().getTime();
      for (const status of deps.signerStatuses()) {
        if (status.readAt) this.set({ chain: status.chain }, Math.max(0, (at - status.readAt.getTime()) / 1000));
      }
    },
  });
  new Gauge({
    name: "arcana_rpc_up",
    help: "1 when the chain's RPC answered this server's last probe with the configured chain id, 0 otherwise",
    labelNames: ["chain"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const status of deps.rpcHealth.known()) this.set({ chain: status.chain }, status.up ? 1 : 0);
    },
  });
  new Gauge({
    name: "arcana_rpc_last_success_age_seconds",
    help: "Seconds since the chain's RPC last answered this server with the configured chain id (since the start when never)",
    labelNames: ["chain"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const status of deps.rpcHealth.known()) {
        this.set({ chain: status.chain }, deps.rpcHealth.lastSuccessAgeSeconds(status));
      }
    },
  });
}
