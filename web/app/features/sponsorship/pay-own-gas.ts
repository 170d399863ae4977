import { ApiRequestError } from "../../lib/api";

/** API refusals of a relay after which the member may still pay the gas themselves. */
const sponsorshipRefusals = new Set([
  "sponsorship_off",
  "not_sponsored",
  "quota_used",
  "budget_spent",
  "relay_pending",
]);

/**
 * Whether a failed write was Arcana's sponsorship failing (refused, or the relayed transaction failed)
 * rather than the action itself: then the member is offered to pay the gas.
 */
export function sponsorshipFailed(error: unknown): boolean {
  if (error instanceof ApiRequestError) return sponsorshipRefusals.has(error.code);
  return error instanceof Error && (error.name === "RelayFailedError" || error.name === "RelayStillPendingError");
}
