import { type ChainStatuses, operatorLimits } from "@arcana/protocol";
import { chainIndexerStatuses } from "../../chain/indexer.js";
import type { OperatorReportsDeps } from "./report-context.js";

/** Each configured chain's indexer: its head and indexed blocks, how far behind, its last error and leader. */
export async function chainLag({ db, config, now }: OperatorReportsDeps): Promise<ChainStatuses> {
  const statuses = await chainIndexerStatuses(db);
  const threshold = operatorLimits.chainLagThresholdSeconds;
  const at = now();
  const configured = config.chains.filter((chain) => chain.genesisPassAddress || chain.dailyAddress);
  return {
    lag_threshold_seconds: threshold,
    chains: configured.map((chain) => {
      const status = statuses.find((row) => row.chainId === chain.id);
      const lagBlocks =
        status?.headBlock != null && status.indexedBlock != null
          ? Math.max(0, status.headBlock - status.indexedBlock)
          : null;
      // Behind by more than the confirmations it waits for: how old the newest indexed block was at the
      // last completed pass; plus the time since that pass, as the chain went on meanwhile (an RPC outage,
      // a dead leader: the head is unknown, but the indexed state grows older).
      const silentFor = status ? (at.getTime() - status.updatedAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
      const lagSeconds =
        lagBlocks === null || !status?.indexedTime
          ? null
          : Math.max(
              0,
              Math.round(
                (lagBlocks <= chain.confirmations
                  ? 0
                  : (status.updatedAt.getTime() - status.indexedTime.getTime()) / 1000) + Math.max(0, silentFor),
              ),
            );
      return {
        chain_id: chain.id,
        name: chain.key,
        head_block: status?.headBlock ?? null,
        indexed_block: status?.indexedBlock ?? null,
        lag_blocks: lagBlocks,
        lag_seconds: lagSeconds,
        last_error: status?.lastError ?? null,
        last_error_at: status?.lastErrorAt?.toISOString() ?? null,
        // A pass completed since the error: it is history, not the chain's state.
        error_current: Boolean(status?.lastErrorAt && status.lastErrorAt > status.updatedAt),
        leader: status?.leader ?? null,
        reported_at: status?.updatedAt.toISOString() ?? null,
        lagging: lagSeconds === null || lagSeconds > threshold || silentFor > threshold,
      };
    }),
  };
}
