import type { TarotPosition, TarotSuit } from "@arcana/protocol";

export type MinorSuit = Exclude<TarotSuit, "major">;

/** One card's texts in one language. */
export interface CardTexts {
  /** The card's name as that language's tarot tradition says it (e.g. 愚者 for The Fool in Japanese). */
  name: string;
  /** Two to four short words or phrases. */
  keywords: readonly string[];
  /** The meaning when the card is drawn upright: one or two sentences. */
  upright: string;
  /** The meaning when the card is drawn reversed: one or two sentences. */
  reversed: string;
}

/**
 * The sentences of the built-in writer in one language. Placeholders in braces are filled in by
 * `writer.ts`: `{date}` the day written out for the language, `{card}` a card's name (or
 * `reversedCard`), `{keywords}` a card's keywords as a list, `{count}` a number, `{suit}` a suit name,
 * `{theme}` a suit's theme, `{past}` `{present}` `{future}` the first keyword of each card.
 * Lists of phrasings rotate with `force_refresh`; give each list three entries.
 */
export interface WriterTexts {
  /** Sentences are joined with this: " " for languages that space sentences, "" for Chinese and Japanese. */
  sentenceSeparator: string;
  /** Openings, with `{date}`. */
  intros: readonly string[];
  /** Per position, the sentence that names the card, with `{card}`. */
  positionLeads: Readonly<Record<TarotPosition, readonly string[]>>;
  /** A reversed card's name in a lead, with `{card}`: "{card}, reversed". */
  reversedCard: string;
  /** The sentence that gives a card's keywords, with `{keywords}`. */
  keywordLines: readonly string[];
  /** Suit names as they read inside a sentence ("wands"). */
  suitNames: Readonly<Record<MinorSuit, string>>;
  /** What each suit is about, inside a sentence. */
  suitThemes: Readonly<Record<MinorSuit, string>>;
  /** All three cards from the major arcana. */
  majorsAll: string;
  /** Two of the three from the major arcana. */
  majorsTwo: string;
  /** No card reversed. */
  reversedNone: string;
  /** All three reversed. */
  reversedAll: string;
  /** Exactly one reversed. */
  reversedOne: string;
  /** Exactly two reversed. */
  reversedTwo: string;
  /** Two or three cards of one suit, with `{count}`, `{suit}` and `{theme}`. */
  suitLean: string;
  /** The arc through the three cards' first keywords, with `{past}`, `{present}`, `{future}`. */
  thread: string;
  /** Last sentences. */
  closings: readonly string[];
}

/**
 * Everything the tarot module needs to read in one language: one file per language in this folder,
 * English (`en.json`) the source. Adding a language: see docs/languages.md.
 */
export interface TarotLanguagePack {
  /** The language's tag, one of protocol's `languages`. */
  language: string;
  /** The language's name in English, for asking the language model to write in it ("Korean"). */
  englishName: string;
  /** The names of the three positions, as a heading would show them. */
  positions: Readonly<Record<TarotPosition, string>>;
  /**
   * The 78 cards keyed by card id: 0–21 the major arcana (The Fool to The World), then ace to king
   * (14 each) of wands (22–35), cups (36–49), swords (50–63) and pentacles (64–77).
   */
  cards: Readonly<Record<number, CardTexts>>;
  writer: WriterTexts;
}
