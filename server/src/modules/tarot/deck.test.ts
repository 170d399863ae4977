import { describe, expect, it } from "vitest";
import { tarotDeck } from "./deck.js";

describe("the tarot deck", () => {
  it("has 78 cards: 22 major arcana and 14 in each of the four suits", () => {
    expect(tarotDeck).toHaveLength(78);
    const inSuit = (suit: string) => tarotDeck.filter((card) => card.suit === suit);
    expect(inSuit("major").map((card) => card.number)).toEqual(Array.from({ length: 22 }, (_, index) => index));
    for (const suit of ["wands", "cups", "swords", "pentacles"]) {
      expect(inSuit(suit).map((card) => card.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    }
  });

  it("keeps every card's id stable (readings and on-chain digests depend on them)", () => {
    expect(tarotDeck.every((card, index) => card.id === index)).toBe(true);
    expect(tarotDeck.map((card) => `${card.id} ${card.name}`)).toMatchSnapshot();
    expect(new Set(tarotDeck.map((card) => card.id)).size).toBe(78);
    expect(new Set(tarotDeck.map((card) => card.name)).size).toBe(78);
  });

  it("gives every card keywords and distinct upright and reversed meanings", () => {
    for (const card of tarotDeck) {
      expect(card.keywords.length, card.name).toBeGreaterThanOrEqual(2);
      expect(card.upright.length, card.name).toBeGreaterThan(20);
      expect(card.reversed.length, card.name).toBeGreaterThan(20);
      expect(card.upright, card.name).not.toBe(card.reversed);
    }
    expect(new Set(tarotDeck.map((card) => card.upright)).size).toBe(78);
  });
});
