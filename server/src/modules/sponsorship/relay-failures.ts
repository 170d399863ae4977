import type { RelayFailure } from "@arcana/protocol";

/**
 * Why a relay failed, in the words stored with it (`failure_reason`, read by operators and API
 * clients); the code beside them lets the web say it in the member's language.
 */
export const relayFailureReasons = {
  transaction_reverted: "The transaction carrying it reverted on chain.",
  forwarder_refused: "The forwarder refused the request (expired, or its nonce was already used).",
  call_reverted: "The call reverted on chain.",
  nonce_taken: "Another transaction of the relayer account took its place.",
  expired: "It expired before it could be sent; nothing was charged.",
} as const satisfies Record<Exclude<RelayFailure, "other">, string>;

/** The code of a stored failure reason: null unless the relay failed, `other` for words not listed. */
export function relayFailureOf(failed: boolean, reason: string | null): RelayFailure | null {
  if (!failed) return null;
  const known = Object.entries(relayFailureReasons).find(([, words]) => words === reason);
  return known ? (known[0] as RelayFailure) : "other";
}
