import { createHmac } from "node:crypto";
import {
  DAY_MS,
  type DrawnCard,
  gmtDate,
  type TarotPosition,
  tarotDigestMessage,
  tarotPositions,
} from "@arcana/protocol";
import { keccak256, stringToBytes } from "viem";
import type { TarotLanguagePack } from "./deck/index.js";
import { type TarotCard, tarotDeck } from "./deck.js";

export interface DrawnTarotCard {
  position: TarotPosition;
  card: TarotCard;
  reversed: boolean;
}

/**
 * A member's three cards for a GMT date: a keyed hash of the member and the date shuffles the
 * deck, so the draw is fixed for the day, differs between members and days, and cannot be
 * predicted without the server's key.
 */
export function drawTarot(key: Buffer, userId: string, date: string): DrawnTarotCard[] {
  const bytes = createHmac("sha256", key).update(`tarot-draw:v1:${userId}:${date}`).digest();
  const ids = tarotDeck.map((card) => card.id);
  return tarotPositions.map((position, index) => {
    // A partial Fisher–Yates shuffle; 32-bit draws make the modulo bias negligible (< 2e-8).
    const pick = index + (bytes.readUInt32BE(index * 4) % (ids.length - index));
    [ids[index], ids[pick]] = [ids[pick] as number, ids[index] as number];
    const card = tarotDeck[ids[index] as number] as TarotCard;
    return { position, card, reversed: ((bytes[12 + index] as number) & 1) === 1 };
  });
}

/**
 * Each member's three cards of a GMT day number under the server's draw secret (TAROT_DRAW_SECRET,
 * else SESSION_SECRET as before it existed). The key is derived so draws never share a key with
 * sign-in codes: rotating SESSION_SECRET with TAROT_DRAW_SECRET set changes no card.
 */
export function memberDraws(drawSecret: string): (userId: string, day: number) => DrawnTarotCard[] {
  const key = createHmac("sha256", drawSecret).update("arcana tarot draw key").digest();
  return (userId, day) => drawTarot(key, userId, gmtDate(day * DAY_MS));
}

/** The draw a stored reading's cards name (their ids, positions and orientations; the texts are rewritten per reader). */
export function storedDraw(cards: Pick<DrawnCard, "position" | "card_id" | "is_reversed">[]): DrawnTarotCard[] {
  return cards.map((stored) => ({
    position: stored.position,
    card: tarotDeck[stored.card_id] as TarotCard,
    reversed: stored.is_reversed === "1",
  }));
}

/** A drawn card as the API shows it, its texts in the pack's language (English without one). */
export function toDrawnCard(drawn: DrawnTarotCard, pack?: TarotLanguagePack): DrawnCard {
  const { card, reversed } = drawn;
  const texts = pack?.cards[card.id] ?? card;
  return {
    position: drawn.position,
    card_id: card.id,
    is_reversed: reversed ? "1" : "0",
    name: texts.name,
    suit: card.suit,
    number: card.number,
    keywords: [...texts.keywords],
    meaning: reversed ? texts.reversed : texts.upright,
  };
}

/** What `Daily.recordTarot` records for a day's draw (see `tarotDigestMessage`). */
export function tarotDigest(date: string, cards: DrawnTarotCard[]): `0x${string}` {
  const message = tarotDigestMessage(
    date,
    cards.map((drawn) => ({
      position: drawn.position,
      card_id: drawn.card.id,
      is_reversed: drawn.reversed ? "1" : "0",
    })),
  );
  return keccak256(stringToBytes(message));
}
