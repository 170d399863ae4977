import { en } from "./en.js";
import { ja } from "./ja.js";
import { ko } from "./ko.js";
import { tr } from "./tr.js";
import type { TarotLanguagePack } from "./types.js";
import { vi } from "./vi.js";
import { zhCN } from "./zh-CN.js";

/**
 * The languages the tarot module reads in, by language tag. A language is one data file in this
 * folder, registered here (see docs/languages.md); a requested language without one is answered
 * in English with a note.
 */
export const tarotPacks: Readonly<Record<string, TarotLanguagePack>> = { en, "zh-CN": zhCN, ko, ja, vi, tr };

export function tarotPack(language: string): TarotLanguagePack | undefined {
  return Object.hasOwn(tarotPacks, language) ? tarotPacks[language] : undefined;
}

export type { CardTexts, TarotLanguagePack, WriterTexts } from "./types.js";
