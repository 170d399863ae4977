import type { EventHandler } from "../../chain/indexer.js";
import type { CheckInService } from "./service.js";

/**
 * Daily's CheckedIn events credit points through the same idempotent path as the tx-hash fast
 * path, inside the indexer's transaction; an orphaned one is undone, its points reversed.
 */
export function checkInEventHandler(checkIn: CheckInService): EventHandler {
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
          blockHash: event.blockHash,
          blockTime: event.blockTime,
        },
        tx,
      );
    },
    async revert(tx, event) {
      await checkIn.revertCheckIn(tx, event);
    },
  };
}
