import { createRelayRequest } from "./relay-request.js";
import { relayStatus } from "./relay-status.js";
import { createSponsorshipContext, type SponsorshipDeps } from "./sponsorship-context.js";
import { createSponsorshipStatus } from "./sponsorship-status.js";

export type SponsorshipService = ReturnType<typeof createSponsorshipService>;

/**
 * The HTTP side of sponsorship, one use case per file: sponsorship-status.ts (what is sponsored
 * for the member), relay-request.ts (accept a signed request; relay-reservation.ts stores it with
 * its quota and budget in one statement), relay-status.ts. The relayer that sends what was
 * accepted lives apart, in relayer/ (decision 0046).
 */
export function createSponsorshipService(deps: SponsorshipDeps) {
  const context = createSponsorshipContext(deps);
  return {
    status: createSponsorshipStatus(context),
    relay: createRelayRequest(context),
    relayStatus: (userId: string, relayId: string) => relayStatus(context, userId, relayId),
  };
}
