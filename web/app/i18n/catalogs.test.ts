import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { errorCodes, languages } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { argumentNames, compileMessage } from "./compile";
import { catalogs } from "./messages.server";
import { namespaces } from "./namespaces";

const english = catalogs.en;
const ids = Object.keys(english);
const appDir = path.resolve(import.meta.dirname, "..");

/** Translations that are rightly the same as English: proper nouns and product names. */
const sameAsEnglish = new Set([
  "tr:shell.page.pass",
  "tr:shell.passName",
  "zh-CN:auth.emailPlaceholder",
  "ko:auth.emailPlaceholder",
  "ja:auth.emailPlaceholder",
  // KOL (key opinion leader) is the industry's word in every language the console speaks.
  ...["zh-CN", "ko", "ja", "vi", "tr"].map((language) => `${language}:operator.invites.kol`),
]);

/** Text without a letter outside its placeholders ("{siteName}", "© {siteName}") reads the same everywhere. */
const hasWords = (source: string) => /\p{L}/u.test(source.replace(/\{[^{}]*\}/g, ""));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "locales" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the web catalogs (web/app/i18n/locales)", () => {
  it("every id belongs to a namespace and compiles", () => {
    for (const id of ids) expect(namespaces, id).toContain(id.split(".")[0]);
    for (const language of languages)
      for (const [id, source] of Object.entries(catalogs[language])) {
        expect(() => compileMessage(source), `${language} ${id}`).not.toThrow();
      }
  });
  it.each(languages)("%s has every id, none empty, none extra, the same arguments as English", (language) => {
    const catalog = catalogs[language];
    expect(Object.keys(catalog).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const text = catalog[id] ?? "";
      expect(text.trim(), `${language} ${id} is empty`).not.toBe("");
      expect(argumentNames(compileMessage(text)), `${language} ${id}`).toEqual(
        argumentNames(compileMessage(english[id] ?? "")),
      );
    }
  });
  it.each(languages.filter((language) => language !== "en"))("%s leaves nothing in English", (language) => {
    const untranslated = ids.filter(
      (id) =>
        catalogs[language][id] === english[id] &&
        hasWords(english[id] ?? "") &&
        !sameAsEnglish.has(`${language}:${id}`),
    );
    expect(untranslated).toEqual([]);
  });
  it("has no unused ids: each appears in the app's code", () => {
    const code = sourceFiles(appDir)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    // API error codes are looked up by code (lib/api.ts `errorMessageId`).
    const unused = ids.filter((id) => !id.startsWith("error.") && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });
  it("every API error code, and a lost connection, has a member-facing message in every language", () => {
    const errorIds = ids.filter((id) => id.startsWith("error.")).sort();
    expect(errorIds).toEqual([...errorCodes, "network_error"].map((code) => `error.${code}`).sort());
    for (const language of languages)
      for (const id of errorIds) expect(catalogs[language][id], `${language} ${id}`).toBeTruthy();
  });
});
