import type { TarotSuit } from "@arcana/protocol";
import { englishPack } from "./deck/index.js";
import type { CardTexts } from "./deck/types.js";

/** A card of Arcana's deck, with its English texts (the source; other languages: `deck/`). */
export interface TarotCard extends CardTexts {
  /** Stable: 0–21 the major arcana, then wands, cups, swords and pentacles, ace to king (14 each). */
  id: number;
  suit: TarotSuit;
  /** 0–21 in the major arcana; 1 (ace) to 14 (king) in a suit. */
  number: number;
}

export const TAROT_DECK_SIZE = 78;
const minorSuits = ["wands", "cups", "swords", "pentacles"] as const;

/** The suit and number of a card id: the deck's order, which readings and on-chain digests depend on. */
function place(id: number): { suit: TarotSuit; number: number } {
  if (id < 22) return { suit: "major", number: id };
  return { suit: minorSuits[Math.floor((id - 22) / 14)] as TarotSuit, number: ((id - 22) % 14) + 1 };
}

function buildDeck(): TarotCard[] {
  return Array.from({ length: TAROT_DECK_SIZE }, (_, id) => {
    const texts = englishPack.cards[id];
    if (!texts) throw new Error(`the English deck has no card ${id}`);
    return { id, ...place(id), ...texts };
  });
}

/** The 78 cards, indexed by id. */
export const tarotDeck: readonly TarotCard[] = buildDeck();
