import type { EventHandler } from "../../chain/events.js";
import type { TarotService } from "./service.js";

/** Daily's TarotRecorded events, credited by the chain-credit pipeline in the indexer's transaction; orphaned ones undone. */
export function tarotEventHandler(tarot: TarotService): EventHandler {
  return tarot.pipeline.eventHandler;
}
