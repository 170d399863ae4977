// The deck, the spread and the draw's digest, without zod: the browser's bundle imports these.
import { chainIds } from "./chains.js";

export const TAROT_DECK_SIZE = 78;
export const tarotPositions = ["past", "present", "future"] as const;
export type TarotPosition = (typeof tarotPositions)[number];
export const tarotSuits = ["major", "wands", "cups", "swords", "pentacles"] as const;
export type TarotSuit = (typeof tarotSuits)[number];

/** `network` of `GET /blockchain/tarot`: `zkf` is zkFair; `op` is every other chain (opBNB, its testnet, the local chain). */
export const tarotNetworks = ["op", "zkf"] as const;
export type TarotNetwork = (typeof tarotNetworks)[number];

export function tarotNetworkOfChain(chainId: number): TarotNetwork {
  return chainId === chainIds.zkFair ? "zkf" : "op";
}

/**
 * The canonical text of a day's draw. The digest recorded on chain with `Daily.recordTarot` is
 * `keccak256(stringToBytes(tarotDigestMessage(...)))` (viem), e.g.
 * `arcana-tarot:2026-11-22:past=17U,present=3R,future=44U`.
 */
export function tarotDigestMessage(
  date: string,
  cards: ReadonlyArray<{ position: TarotPosition; card_id: number; is_reversed: "1" | "0" }>,
): string {
  const parts = cards.map((card) => `${card.position}=${card.card_id}${card.is_reversed === "1" ? "R" : "U"}`);
  return `arcana-tarot:${date}:${parts.join(",")}`;
}
