// Plain data, no zod: the browser bundle imports these without pulling in the schemas.

/** Every error code the API can answer with. Clients switch on these, never on messages. */
export const errorCodes = [
  "bad_request",
  "invalid_email",
  "invalid_code",
  "code_expired",
  "code_locked",
  "invalid_credentials",
  "unauthenticated",
  "forbidden",
  "foreign_origin",
  "not_found",
  "conflict",
  "insufficient_points",
  "too_many_requests",
  "payload_too_large",
  "service_unavailable",
  "internal_error",
  "invalid_address",
  "invalid_wallet_message",
  "wrong_domain",
  "chain_not_configured",
  "invalid_nonce",
  "nonce_expired",
  "message_expired",
  "address_mismatch",
  "invalid_signature",
  "wallet_taken",
  "wallet_already_bound",
  "sold_out",
  "limit_reached",
  "already_opened",
  "idempotency_key_reused",
  "dependency_unavailable",
  "wallet_required",
  "event_already_credited",
  "referral_window_closed",
  "referral_already_used",
  "own_code",
  "sponsorship_off",
  "not_sponsored",
  "bad_deadline",
  "relay_pending",
  "simulation_reverted",
  "quota_used",
  "budget_spent",
  "signer_not_authorizer",
  "unsupported_language",
  "email_undeliverable",
  "chain_unreachable",
  "reminders_unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status each code is answered with. */
export const errorStatus: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503> = {
  bad_request: 400,
  invalid_email: 400,
  invalid_code: 400,
  code_expired: 400,
  code_locked: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  forbidden: 403,
  foreign_origin: 403,
  not_found: 404,
  conflict: 409,
  insufficient_points: 409,
  too_many_requests: 429,
  payload_too_large: 413,
  service_unavailable: 503,
  internal_error: 500,
  invalid_address: 400,
  invalid_wallet_message: 400,
  wrong_domain: 400,
  chain_not_configured: 400,
  invalid_nonce: 400,
  nonce_expired: 400,
  message_expired: 400,
  address_mismatch: 400,
  invalid_signature: 400,
  wallet_taken: 409,
  wallet_already_bound: 409,
  sold_out: 409,
  limit_reached: 409,
  already_opened: 409,
  idempotency_key_reused: 409,
  dependency_unavailable: 503,
  wallet_required: 409,
  event_already_credited: 409,
  referral_window_closed: 409,
  referral_already_used: 409,
  own_code: 409,
  /** Sponsorship is off on that chain (not configured, or paused: the relayer is low on funds). */
  sponsorship_off: 409,
  /** Not one of the sponsored actions: another contract or function, a value, or more gas than the action needs. */
  not_sponsored: 400,
  /** The request's deadline is past or more than 10 minutes away. */
  bad_deadline: 400,
  /** The member already has a relay on its way on that chain; wait for it. */
  relay_pending: 409,
  /** The forwarded call would revert; the message carries the decoded reason. */
  simulation_reverted: 409,
  /** The member's sponsored transactions for this GMT day are used. */
  quota_used: 429,
  /** The chain's sponsorship budget for this GMT day is spent. */
  budget_spent: 409,
  /** The server's signing key is not the contracts' authorizer (a rotation half done): it signs nothing until they match. */
  signer_not_authorizer: 503,
  /** Not one of the languages Arcana speaks (`languages`). */
  unsupported_language: 400,
  /** The mail server refused the address for good (an SMTP 5xx to RCPT TO, e.g. 550 mailbox unavailable): retrying will not help. */
  email_undeliverable: 422,
  /** The chain's RPC does not answer (or serves another chain): nothing can be read or sent there until it does. */
  chain_unreachable: 503,
  /** The operator has turned streak reminders off for the whole site (economy file `reminders.enabled`). */
  reminders_unavailable: 409,
};

/** What a `dependency_unavailable` answer names as down. */
export const dependencies = ["database", "redis", "rpc", "smtp"] as const;
export type Dependency = (typeof dependencies)[number];
