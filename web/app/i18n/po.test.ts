import { languages } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { catalogs } from "./messages.server";
import { catalogToPo, poToCatalog } from "./po";

const english = catalogs.en;

describe("a catalog as a PO file (npm run translations)", () => {
  for (const language of languages)
    it(`${language}: export then import gives back the same catalog, in English's order`, () => {
      const po = catalogToPo(english, catalogs[language], language);
      const back = poToCatalog(po, english);
      expect(back).toEqual(catalogs[language]);
      expect(Object.keys(back)).toEqual(Object.keys(english));
    });

  it("puts English beside each translation, keyed by the message's id", () => {
    const po = catalogToPo(english, catalogs.ja, "ja");
    expect(po).toContain('"Language: ja\\n"');
    expect(po).toContain('msgctxt "home.task.open"\nmsgid "To do"\nmsgstr "未完了"');
  });

  it("keeps quotes, backslashes, new lines and multi-line strings as a reviewer's tool writes them", () => {
    const source = { "x.one": 'Say "hi"\\ then\nnext', "x.two": "Two" };
    const po = catalogToPo(source, { "x.one": 'Dis "salut"\\ puis\nensuite', "x.two": "Deux" }, "fr");
    expect(poToCatalog(po, source)).toEqual({ "x.one": 'Dis "salut"\\ puis\nensuite', "x.two": "Deux" });
    const wrapped = 'msgctxt "x.two"\nmsgid ""\n"Two"\nmsgstr ""\n"De"\n"ux"\n';
    expect(poToCatalog(wrapped, source)).toEqual({ "x.two": "Deux" });
  });

  it("refuses an id English lacks and an emptied message, naming the line", () => {
    expect(() => poToCatalog('msgctxt "x.nope"\nmsgid "A"\nmsgstr "B"\n', english)).toThrow(/line 1: x.nope is not/);
    expect(() => poToCatalog('\nmsgctxt "home.tasks"\nmsgid "Tasks"\nmsgstr ""\n', english)).toThrow(
      /line 2: home.tasks has an empty msgstr/,
    );
  });
});
