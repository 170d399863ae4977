import type { ChainEvent, EventHandler } from "../../chain/indexer.js";
import type { CheckedInEvent, CheckInService } from "./service.js";

function checkedIn(event: ChainEvent): CheckedInEvent {
  return {
    wallet: event.args.wallet ?? "",
    day: Number(event.args.day),
    chainId: event.chainId,
    txHash: event.txHash,
    logIndex: event.logIndex,
    blockHash: event.blockHash,
    blockTime: event.blockTime,
  };
}

/**
 * Daily's CheckedIn events credit points through the same idempotent path as the tx-hash fast
 * path, inside the indexer's transaction (a batch of them as set operations); an orphaned one is
 * undone, its points reversed.
 */
export function checkInEventHandler(checkIn: CheckInService): EventHandler {
  return {
    contract: "Daily",
    events: ["CheckedIn"],
    async apply(tx, event) {
      await checkIn.creditCheckIn(checkedIn(event), tx);
    },
    async applyBatch(tx, events) {
      // In the order they happened: a streak builds on the day before.
      const ordered = [...events].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
      await checkIn.creditCheckInsBatch(tx, ordered.map(checkedIn));
    },
    async revert(tx, event) {
      await checkIn.revertCheckIn(tx, event);
    },
  };
}
