import en from "./en.json";
import ja from "./ja.json";
import ko from "./ko.json";
import tr from "./tr.json";
import type { TarotLanguagePack } from "./types.js";
import vi from "./vi.json";
import zhCN from "./zh-CN.json";

/**
 * The languages the tarot module reads in, by language tag. A language is one data file in this
 * folder (`<tag>.json`, a `TarotLanguagePack`: `types.ts` documents every field; `en.json` is the
 * source, the others were machine-written from it), registered here (see docs/languages.md); a
 * requested language without one is answered in English with a note. `packs.test.ts` checks every
 * card, text and placeholder of every file.
 */
export const tarotPacks: Readonly<Record<string, TarotLanguagePack>> = { en, "zh-CN": zhCN, ko, ja, vi, tr };

/** The English texts: the source every other language translates, and the fallback. */
export const englishPack: TarotLanguagePack = en;

export function tarotPack(language: string): TarotLanguagePack | undefined {
  return Object.hasOwn(tarotPacks, language) ? tarotPacks[language] : undefined;
}

export type { CardTexts, TarotLanguagePack, WriterTexts } from "./types.js";
