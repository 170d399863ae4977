import type { Logger } from "pino";
import type { EventHandler } from "../../chain/indexer.js";
import type { TarotService } from "./service.js";

/**
 * Daily's TarotRecorded events credit the tarot points through the same idempotent path as the
 * tx-hash fast path, inside the indexer's transaction; like check-ins, credits stay on a reorg.
 */
export function tarotEventHandler(tarot: TarotService, logger: Logger): EventHandler {
  return {
    contract: "Daily",
    events: ["TarotRecorded"],
    async apply(tx, event) {
      await tarot.creditTarotRecorded(
        {
          wallet: event.args.wallet ?? "",
          day: Number(event.args.day),
          digest: event.args.digest ?? "",
          chainId: event.chainId,
          txHash: event.txHash,
          logIndex: event.logIndex,
        },
        tx,
      );
    },
    async revert(_tx, event) {
      logger.warn(
        { chainId: event.chainId, txHash: event.txHash, name: event.name },
        "a credited Daily event was orphaned by a reorg; its points stay in the ledger",
      );
    },
  };
}
