import { type ChainEvent, dailyEventFields, type EventHandler } from "../../chain/events.js";
import type { TarotRecordedEvent } from "./credit.js";
import type { TarotService } from "./service.js";

function tarotRecorded(event: ChainEvent): TarotRecordedEvent {
  return { ...dailyEventFields(event), digest: event.args.digest ?? "" };
}

/**
 * Daily's TarotRecorded events credit the tarot points through the same idempotent path as the
 * tx-hash fast path, inside the indexer's transaction; an orphaned one is undone, its points reversed.
 */
export function tarotEventHandler(tarot: TarotService): EventHandler {
  return {
    contract: "Daily",
    events: ["TarotRecorded"],
    async apply(tx, event) {
      await tarot.creditTarotRecorded(tarotRecorded(event), tx);
    },
    async applyBatch(tx, events) {
      // Few events, each checked against the member's draw: one at a time, oldest first (as the
      // indexer hands them), in the indexer's transaction itself (no savepoint each).
      for (const event of events) await tarot.creditTarotRecordedIn(tx, tarotRecorded(event));
    },
    async revert(tx, event) {
      await tarot.revertTarotRecorded(tx, event);
    },
  };
}
