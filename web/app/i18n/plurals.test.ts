import { languages } from "@arcana/protocol";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { catalogs } from "./messages.server";

interface PluralUse {
  argument: string;
  ordinal: boolean;
  options: string[];
}

/** Every plural (and selectordinal) in a message, nested ones included. */
function pluralsIn(elements: MessageFormatElement[]): PluralUse[] {
  return elements.flatMap((element): PluralUse[] => {
    if (element.type === TYPE.plural)
      return [
        { argument: element.value, ordinal: element.pluralType === "ordinal", options: Object.keys(element.options) },
        ...Object.values(element.options).flatMap((option) => pluralsIn(option.value)),
      ];
    if (element.type === TYPE.select)
      return Object.values(element.options).flatMap((option) => pluralsIn(option.value));
    if (element.type === TYPE.tag) return pluralsIn(element.children);
    return [];
  });
}

describe("plural messages (CLDR categories per language)", () => {
  for (const language of languages)
    it(`${language}: every plural names each category Intl.PluralRules has for ${language}`, () => {
      const missing: string[] = [];
      for (const [id, source] of Object.entries(catalogs[language]))
        for (const plural of pluralsIn(parse(source))) {
          const wanted = new Intl.PluralRules(language, {
            type: plural.ordinal ? "ordinal" : "cardinal",
          }).resolvedOptions().pluralCategories;
          for (const category of wanted)
            if (!plural.options.includes(category)) missing.push(`${id} {${plural.argument}}: ${category}`);
        }
      expect(missing).toEqual([]);
    });

  it("a count in English is never written with a bare plural noun (no '1 pts')", () => {
    for (const [id, source] of Object.entries(catalogs.en))
      expect(source, id).not.toMatch(/\{\w+, number\} \p{L}+s\b/u);
  });
});
