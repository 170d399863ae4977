import type { EventHandler } from "../../chain/indexer.js";
import type { TarotService } from "./service.js";

/**
 * Daily's TarotRecorded events credit the tarot points through the same idempotent path as the
 * tx-hash fast path, inside the indexer's transaction; an orphaned one is undone, its points reversed.
 */
export function tarotEventHandler(tarot: TarotService): EventHandler {
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
          blockHash: event.blockHash,
          blockTime: event.blockTime,
        },
        tx,
      );
    },
    async revert(tx, event) {
      await tarot.revertTarotRecorded(tx, event);
    },
  };
}
