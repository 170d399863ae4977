import type { ChainEvent } from "../../chain/events.js";

export interface PassState {
  owner: string;
  mintedAt: Date;
  staked: boolean;
  stakedSince: Date | null;
}

/** A pass's state is a fold over its GenesisPass events, oldest first; null before its mint. */
export function passStateFromEvents(events: ChainEvent[]): PassState | null {
  let state = null as PassState | null;
  for (const event of events) {
    if (event.name === "Transfer" && BigInt(event.args.from ?? "1") === 0n) {
      state = {
        owner: (event.args.to ?? "").toLowerCase(),
        mintedAt: event.blockTime,
        staked: false,
        stakedSince: null,
      };
    } else if (state && event.name === "Staked") {
      state = { ...state, staked: true, stakedSince: new Date(Number(event.args.since) * 1000) };
    } else if (state && event.name === "Unstaked") {
      state = { ...state, staked: false, stakedSince: null };
    }
  }
  return state;
}
