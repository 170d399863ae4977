/** What other modules call of the passes module (a re-export of what they used from its admin, service). */
export { addToAllowlist } from "./admin.js";
export {
  grantAllowlistPlace,
  isOnAllowlist,
  lockOwnedPass,
  type PassRow,
  type PassService,
  passesHeldBy,
  passesOwnedBy,
  passTotals,
  stakedPasses,
} from "./service.js";
