import type { TarotPosition, TarotSuit } from "@arcana/protocol";
import type { DrawnTarotCard } from "./draw.js";

/** Each `force_refresh` moves to the next phrasing; the cards and their meanings never change. */
function pick<T>(options: readonly T[], revision: number, offset = 0): T {
  return options[(revision + offset) % options.length] as T;
}

const intros = [
  "Three cards lie on the table for {date}: one for what shaped you, one for where you stand, one for where the road bends next.",
  "Your spread for {date} reads like a short story in three chapters: the past that set the scene, the present you are living, and the future taking shape.",
  "For {date}, the cards speak in sequence. Read them slowly, as one thought unfolding from yesterday into tomorrow.",
];

const positionLeads: Record<TarotPosition, readonly string[]> = {
  past: ["In the position of the past lies", "Behind you, the past shows", "Your roots in this story are shown by"],
  present: ["At the heart of the present sits", "Right now, the present holds", "The card for today itself is"],
  future: [
    "Looking ahead, the future brings",
    "Where things are heading, the future shows",
    "Waiting on the road ahead is",
  ],
};

const keywordLines = ["Its themes here are {keywords}.", "Keep {keywords} in mind.", "It speaks of {keywords}."];

const suitThemes: Record<Exclude<TarotSuit, "major">, string> = {
  wands: "action, drive and ambition",
  cups: "feelings and relationships",
  swords: "thoughts, words and hard decisions",
  pentacles: "work, money and the body",
};

const closings = [
  "Carry this reading lightly: the cards describe weather, not fate, and you still choose the route.",
  "Let the day test these ideas; notice where they ring true and leave the rest.",
  "Return to this spread tonight and see which card the day proved right.",
];

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function cardParagraph(drawn: DrawnTarotCard, revision: number, index: number): string {
  const { card, reversed } = drawn;
  const lead = pick(positionLeads[drawn.position], revision);
  const meaning = reversed ? card.reversed : card.upright;
  const keywords = pick(keywordLines, revision, index).replace("{keywords}", listWords(card.keywords));
  return `${lead} ${card.name}${reversed ? ", reversed" : ""}. ${meaning} ${keywords}`;
}

/** What the three cards say together: major arcana, orientations, a dominant suit, the arc. */
function synthesis(cards: DrawnTarotCard[], revision: number): string {
  const sentences: string[] = [];
  const majors = cards.filter((drawn) => drawn.card.suit === "major").length;
  if (majors === 3)
    sentences.push("All three cards come from the major arcana: this is a day of large themes, not small errands.");
  else if (majors === 2)
    sentences.push("Two cards of the major arcana suggest the day touches something bigger than its routine.");

  const reversedCount = cards.filter((drawn) => drawn.reversed).length;
  if (reversedCount === 0) sentences.push("Every card stands upright, so the energy flows freely.");
  else if (reversedCount === 3)
    sentences.push("Every card is reversed: look inward, and expect delays rather than doors slammed shut.");
  else {
    sentences.push(
      `${reversedCount === 1 ? "One reversed card marks" : "Two reversed cards mark"} where energy is blocked or turned inward.`,
    );
  }

  const suitCounts = new Map<Exclude<TarotSuit, "major">, number>();
  for (const { card } of cards)
    if (card.suit !== "major") suitCounts.set(card.suit, (suitCounts.get(card.suit) ?? 0) + 1);
  for (const [suit, count] of suitCounts) {
    if (count >= 2) sentences.push(`With ${count} cards of ${suit}, the spread leans toward ${suitThemes[suit]}.`);
  }

  const [past, present, future] = cards;
  if (past && present && future) {
    sentences.push(
      `The thread runs from ${past.card.keywords[0]}, through ${present.card.keywords[0]}, toward ${future.card.keywords[0]}.`,
    );
  }
  sentences.push(pick(closings, revision));
  return sentences.join(" ");
}

/** Arcana's own reading of a draw: an introduction, one paragraph per position, and a synthesis. */
export function writeReading(date: string, cards: DrawnTarotCard[], revision: number): string {
  return [
    pick(intros, revision).replace("{date}", date),
    ...cards.map((drawn, index) => cardParagraph(drawn, revision, index)),
    synthesis(cards, revision),
  ].join("\n\n");
}
