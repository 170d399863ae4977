import { tarotDigestMessage } from "@arcana/protocol";
import { keccak256, stringToBytes } from "viem";
import { describe, expect, it } from "vitest";
import { englishPack as en } from "./deck/index.js";
import { tarotDeck } from "./deck.js";
import { drawTarot, tarotDigest, toDrawnCard } from "./rules.js";
import { writeReading } from "./writer.js";

const key = Buffer.from("a test key for the tarot draw, 32+ bytes long");

describe("the daily draw", () => {
  it("is the same for a member all GMT day, and three different cards in past, present, future order", () => {
    const first = drawTarot(key, "member-a", "2026-11-22");
    expect(drawTarot(key, "member-a", "2026-11-22")).toEqual(first);
    expect(first.map((drawn) => drawn.position)).toEqual(["past", "present", "future"]);
    expect(new Set(first.map((drawn) => drawn.card.id)).size).toBe(3);
  });

  it("differs between members, between days, and under another server key", () => {
    const ids = (cards: ReturnType<typeof drawTarot>) => cards.map((d) => `${d.card.id}${d.reversed}`).join();
    const base = ids(drawTarot(key, "member-a", "2026-11-22"));
    expect(ids(drawTarot(key, "member-b", "2026-11-22"))).not.toBe(base);
    expect(ids(drawTarot(key, "member-a", "2026-11-23"))).not.toBe(base);
    expect(ids(drawTarot(Buffer.from("another key"), "member-a", "2026-11-22"))).not.toBe(base);
  });

  it("reaches every card and both orientations across many members", () => {
    const seen = new Set<number>();
    let reversed = 0;
    for (let member = 0; member < 400; member++) {
      for (const drawn of drawTarot(key, `member-${member}`, "2026-11-22")) {
        seen.add(drawn.card.id);
        if (drawn.reversed) reversed += 1;
      }
    }
    expect(seen.size).toBe(78);
    expect(reversed / 1200).toBeGreaterThan(0.4);
    expect(reversed / 1200).toBeLessThan(0.6);
  });

  it("gives a digest anyone can recompute from the protocol's canonical text", () => {
    const cards = drawTarot(key, "member-a", "2026-11-22");
    const message = tarotDigestMessage(
      "2026-11-22",
      cards.map((drawn) => toDrawnCard(drawn)),
    );
    expect(message).toMatch(/^arcana-tarot:2026-11-22:past=\d+[UR],present=\d+[UR],future=\d+[UR]$/);
    expect(tarotDigest("2026-11-22", cards)).toBe(keccak256(stringToBytes(message)));
  });
});

describe("the built-in reading writer", () => {
  const cards = drawTarot(key, "member-a", "2026-11-22");

  it("writes an introduction, a paragraph per position with the card's meaning, and a synthesis", () => {
    const paragraphs = writeReading("2026-11-22", cards, 0, en).split("\n\n");
    expect(paragraphs).toHaveLength(5);
    expect(paragraphs[0]).toContain("November 22, 2026");
    cards.forEach((drawn, index) => {
      const paragraph = paragraphs[index + 1] ?? "";
      expect(paragraph).toContain(drawn.card.name);
      expect(paragraph).toContain(drawn.reversed ? drawn.card.reversed : drawn.card.upright);
      expect(paragraph.includes(", reversed")).toBe(drawn.reversed);
    });
    expect(paragraphs[4]).toContain(`The thread runs from ${cards[0]?.card.keywords[0]}`);
  });

  it("is deterministic, and a new revision rephrases it without changing the cards", () => {
    expect(writeReading("2026-11-22", cards, 0, en)).toBe(writeReading("2026-11-22", cards, 0, en));
    const rewritten = writeReading("2026-11-22", cards, 1, en);
    expect(rewritten).not.toBe(writeReading("2026-11-22", cards, 0, en));
    for (const drawn of cards) expect(rewritten).toContain(drawn.card.name);
  });

  it("names a suit that dominates the spread and a spread of all major arcana", () => {
    const cupsCards = tarotDeck.filter((card) => card.suit === "cups").slice(0, 2);
    const mixed = [
      { position: "past" as const, card: cupsCards[0] as (typeof tarotDeck)[number], reversed: false },
      { position: "present" as const, card: cupsCards[1] as (typeof tarotDeck)[number], reversed: true },
      { position: "future" as const, card: tarotDeck[0] as (typeof tarotDeck)[number], reversed: false },
    ];
    expect(writeReading("2026-11-22", mixed, 0, en)).toContain("2 cards of cups, the spread leans toward feelings");
    const majors = mixed.map((drawn, index) => ({
      ...drawn,
      card: tarotDeck[index + 1] as (typeof tarotDeck)[number],
    }));
    expect(writeReading("2026-11-22", majors, 0, en)).toContain("All three cards come from the major arcana");
  });
});
