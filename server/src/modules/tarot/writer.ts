import type { TarotSuit } from "@arcana/protocol";
import type { TarotLanguagePack } from "./deck/index.js";
import type { MinorSuit } from "./deck/types.js";
import type { DrawnTarotCard } from "./rules.js";

/** Each `force_refresh` moves to the next phrasing; the cards and their meanings never change. */
function pick<T>(options: readonly T[], revision: number, offset = 0): T {
  return options[(revision + offset) % options.length] as T;
}

/** `template` with each `{name}` replaced by its value. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The reading's day written out for the language ("November 25, 2026", "2026年11月25日"). */
function longDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function cardParagraph(pack: TarotLanguagePack, drawn: DrawnTarotCard, revision: number, index: number): string {
  const { writer } = pack;
  const texts = pack.cards[drawn.card.id] ?? drawn.card;
  const name = drawn.reversed ? fill(writer.reversedCard, { card: texts.name }) : texts.name;
  const list = new Intl.ListFormat(pack.language, { type: "conjunction" }).format(texts.keywords);
  return [
    fill(pick(writer.positionLeads[drawn.position], revision), { card: name }),
    drawn.reversed ? texts.reversed : texts.upright,
    fill(pick(writer.keywordLines, revision, index), { keywords: list }),
  ].join(writer.sentenceSeparator);
}

/** What the three cards say together: major arcana, orientations, a dominant suit, the arc. */
function synthesis(pack: TarotLanguagePack, cards: DrawnTarotCard[], revision: number): string {
  const { writer } = pack;
  const sentences: string[] = [];
  const majors = cards.filter((drawn) => drawn.card.suit === "major").length;
  if (majors === 3) sentences.push(writer.majorsAll);
  else if (majors === 2) sentences.push(writer.majorsTwo);

  const reversedCount = cards.filter((drawn) => drawn.reversed).length;
  sentences.push(
    [writer.reversedNone, writer.reversedOne, writer.reversedTwo, writer.reversedAll][reversedCount] as string,
  );

  const suitCounts = new Map<MinorSuit, number>();
  for (const { card } of cards) {
    const suit: TarotSuit = card.suit;
    if (suit !== "major") suitCounts.set(suit, (suitCounts.get(suit) ?? 0) + 1);
  }
  for (const [suit, count] of suitCounts) {
    if (count >= 2) {
      sentences.push(fill(writer.suitLean, { count, suit: writer.suitNames[suit], theme: writer.suitThemes[suit] }));
    }
  }

  const [past, present, future] = cards.map((drawn) => (pack.cards[drawn.card.id] ?? drawn.card).keywords[0]);
  if (past && present && future) sentences.push(fill(writer.thread, { past, present, future }));
  sentences.push(pick(writer.closings, revision));
  return sentences.join(writer.sentenceSeparator);
}

/** Arcana's own reading of a draw in the pack's language: an introduction, one paragraph per position, and a synthesis. */
export function writeReading(date: string, cards: DrawnTarotCard[], revision: number, pack: TarotLanguagePack): string {
  return [
    fill(pick(pack.writer.intros, revision), { date: longDate(date, pack.language) }),
    ...cards.map((drawn, index) => cardParagraph(pack, drawn, revision, index)),
    synthesis(pack, cards, revision),
  ].join("\n\n");
}
