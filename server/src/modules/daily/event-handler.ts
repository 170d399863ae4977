import { dailyEventFields, type EventHandler } from "../../chain/events.js";
import type { CheckInService } from "./service.js";

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
      await checkIn.creditCheckIn(dailyEventFields(event), tx);
    },
    async applyBatch(tx, events) {
      // The indexer hands them oldest first, the order a streak builds in.
      await checkIn.creditCheckInsBatch(tx, events.map(dailyEventFields));
    },
    async revert(tx, event) {
      await checkIn.revertCheckIn(tx, event);
    },
  };
}
