import { defineRoute } from "../api-route.js";
import {
  relayAcceptedSchema,
  relayParamsSchema,
  relayRequestSchema,
  relayStatusSchema,
  sponsorshipSchema,
} from "../sponsorship.js";

export const getSponsorshipRoute = defineRoute({
  method: "get",
  path: "/blockchain/sponsorship",
  operationId: "getSponsorship",
  tag: "sponsorship",
  summary: "Per chain: whether the member's transactions are sponsored, which actions, and how many are left today",
  security: "session",
  response: sponsorshipSchema,
  responseDescription: "Sponsorship per configured chain",
  errors: [401, 429],
});

export const relayRoute = defineRoute({
  method: "post",
  path: "/blockchain/relay",
  operationId: "relay",
  tag: "sponsorship",
  summary: "Relay a signed ERC-2771 forward request; the operator pays the gas",
  description:
    "Checked against policy before anything is spent: `sponsorship_off` (off on that chain), `wallet_required`, " +
    "`address_mismatch` (`from`, or an address argument such as a mint's `to`, is not the bound wallet), `not_sponsored` (not an allowlisted contract and function, " +
    "`value` not 0, or `gas` over the action's bound), `bad_deadline` (past or more than 10 minutes away), " +
    "`invalid_nonce` (not the forwarder's next nonce for `from`), `invalid_signature`, `relay_pending` (one relay " +
    "at a time per member and chain), `simulation_reverted` (the message carries the decoded revert reason), " +
    "`quota_used`, `budget_spent`, and `too_many_requests` (per member and per network). The same signed request " +
    "sent again answers the same relay.",
  security: "session",
  request: { body: relayRequestSchema },
  response: relayAcceptedSchema,
  successStatus: 202,
  responseDescription: "The relay, queued (202)",
  errors: [400, 401, 409, 429, 503],
});

export const getRelayRoute = defineRoute({
  method: "get",
  path: "/blockchain/relay/{relay_id}",
  operationId: "getRelay",
  tag: "sponsorship",
  summary: "A relay's progress: queued, sent, confirmed or failed, with its transaction",
  security: "session",
  request: { params: relayParamsSchema },
  response: relayStatusSchema,
  responseDescription: "The relay",
  errors: [400, 401, 404],
});
