import type { ChainEvent, EventHandler } from "../../chain/events.js";
import type { CheckedInEvent } from "./credit.js";
import type { CheckInService } from "./service.js";

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
      // The indexer hands them oldest first, the order a streak builds in.
      await checkIn.creditCheckInsBatch(tx, events.map(checkedIn));
    },
    async revert(tx, event) {
      await checkIn.revertCheckIn(tx, event);
    },
  };
}
