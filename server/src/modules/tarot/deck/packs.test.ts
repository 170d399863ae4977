import { languages, tarotPositions } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { englishPack as en, tarotPacks } from "./index.js";
import type { TarotLanguagePack } from "./types.js";

const ids = Array.from({ length: 78 }, (_, id) => id);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Every text of a pack with where it sits, for comparing a translation with English. */
function texts(pack: TarotLanguagePack): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") found.set(path, value);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
  };
  walk({ positions: pack.positions, cards: pack.cards, writer: pack.writer }, pack.language);
  return found;
}

describe.each(Object.values(tarotPacks))("the tarot texts in $language", (pack) => {
  it("has every card's name, keywords and both meanings, and nothing else", () => {
    expect(Object.keys(pack.cards).map(Number)).toEqual(ids);
    for (const id of ids) {
      const card = pack.cards[id];
      expect(card?.name.trim(), `card ${id}`).toBeTruthy();
      expect(card?.keywords.length, `card ${id}`).toBeGreaterThanOrEqual(2);
      expect(
        card?.keywords.every((word) => word.trim().length > 0),
        `card ${id}`,
      ).toBe(true);
      expect(card?.upright.trim().length, `card ${id}`).toBeGreaterThan(5);
      expect(card?.reversed.trim().length, `card ${id}`).toBeGreaterThan(5);
      expect(card?.upright, `card ${id}`).not.toBe(card?.reversed);
    }
    expect(new Set(ids.map((id) => pack.cards[id]?.name)).size).toBe(78);
  });

  it("gives the writer every sentence with the same placeholders as English", () => {
    const source = texts(en);
    const translated = texts(pack);
    for (const [path, english] of source) {
      const key = path.replace(/^en/, pack.language);
      if (path.includes(".keywords.") || path.endsWith(".sentenceSeparator")) continue;
      expect(translated.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(translated.get(key) ?? ""), key).toEqual(placeholders(english));
    }
    for (const position of tarotPositions) expect(pack.writer.positionLeads[position]).toHaveLength(3);
    expect([pack.writer.intros, pack.writer.keywordLines, pack.writer.closings].map((list) => list.length)).toEqual([
      3, 3, 3,
    ]);
  });
});

it("has the tarot texts of every language Arcana speaks", () => {
  expect(Object.keys(tarotPacks).sort()).toEqual([...languages].sort());
  for (const [tag, pack] of Object.entries(tarotPacks)) expect(pack.language).toBe(tag);
});

it("leaves no sentence of a translation in English", () => {
  const source = texts(en);
  const left = Object.values(tarotPacks)
    .filter((pack) => pack.language !== "en")
    .flatMap((pack) =>
      [...texts(pack)].filter(([path, text]) => {
        const english = source.get(path.replace(new RegExp(`^${pack.language}`), "en"));
        return text.length > 12 && text === english;
      }),
    );
  expect(left.map(([path]) => path)).toEqual([]);
});
