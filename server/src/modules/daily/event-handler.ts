import type { EventHandler } from "../../chain/events.js";
import type { CheckInService } from "./service.js";

/** Daily's CheckedIn events, credited by the chain-credit pipeline in the indexer's transaction; orphaned ones undone. */
export function checkInEventHandler(checkIn: CheckInService): EventHandler {
  return checkIn.pipeline.eventHandler;
}
