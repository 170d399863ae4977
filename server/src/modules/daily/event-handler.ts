import type { Logger } from "pino";
import type { EventHandler } from "../../chain/indexer.js";
import type { CheckInService } from "./service.js";

/**
 * Daily's CheckedIn events credit points through the same idempotent path as the tx-hash fast
 * path, inside the indexer's transaction. Credits are ledger rows and stay when a block is
 * orphaned: live chains wait for confirmations first, so only the local chain (0 confirmations)
 * can orphan a credited block, and a warning says so.
 */
export function checkInEventHandler(checkIn: CheckInService, logger: Logger): EventHandler {
  return {
    contract: "Daily",
    events: ["CheckedIn"],
    async apply(tx, event) {
      await checkIn.creditCheckIn(
        {
          wallet: event.args.wallet ?? "",
          day: Number(event.args.day),
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
