import type { RelayState } from "@arcana/protocol";

/** Relays still on their way: the member waits for one before signing the next (forwarder nonces run in order). */
export const openRelayStates = ["queued", "signed", "sent"];

/** The API's view of a stored state: a signed transaction not yet broadcast is still queued. */
export function publicRelayState(state: string): RelayState {
  if (state === "signed") return "queued";
  return state as RelayState;
}
