/**
 * `npm run translations -- export [dir]`: writes each non-English catalog as `<dir>/<language>.po`
 * (default `translations/`), English beside each message.
 * `npm run translations -- import <file.po>…`: reads reviewed PO files back into
 * `web/app/i18n/locales/<language>.json` (the language from the file's `Language:` header), refusing a
 * message that does not compile or whose placeholders differ from English's. See docs/languages.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Language, languages } from "@arcana/protocol";
import { argumentNames, compileMessage } from "../app/i18n/compile";
import { catalogToPo, poToCatalog } from "../app/i18n/po";

const localesDir = path.resolve(import.meta.dirname, "../app/i18n/locales");
const catalogPath = (language: string) => path.join(localesDir, `${language}.json`);
const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(catalogPath(language), "utf8"));

function exportAll(dir: string) {
  const english = readCatalog("en");
  mkdirSync(dir, { recursive: true });
  for (const language of languages.filter((tag) => tag !== "en")) {
    const file = path.join(dir, `${language}.po`);
    writeFileSync(file, catalogToPo(english, readCatalog(language), language));
    console.log(`wrote ${file}`);
  }
}

function importFile(file: string) {
  const po = readFileSync(file, "utf8");
  const language = /"Language: ([^\\"]+)\\n"/.exec(po)?.[1]?.trim();
  if (!language || !languages.includes(language as Language) || language === "en")
    throw new Error(`${file}: its header names no translated language (Language: ${language ?? "missing"})`);
  const english = readCatalog("en");
  const reviewed = poToCatalog(po, english);
  const current = readCatalog(language);
  const next: Record<string, string> = {};
  let changed = 0;
  for (const [id, source] of Object.entries(english)) {
    const text = reviewed[id] ?? current[id];
    if (text === undefined) continue;
    const wanted = argumentNames(compileMessage(source)).join(", ");
    const has = argumentNames(compileMessage(text)).join(", ");
    if (wanted !== has) throw new Error(`${file}: ${id} has placeholders {${has}}, English has {${wanted}}`);
    if (text !== current[id]) changed++;
    next[id] = text;
  }
  writeFileSync(catalogPath(language), `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${file}: ${changed} message(s) changed in web/app/i18n/locales/${language}.json`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === "export") exportAll(path.resolve(rest[0] ?? "translations"));
else if (command === "import" && rest.length > 0) for (const file of rest) importFile(path.resolve(file));
else {
  console.error("usage: npm run translations -- export [dir] | import <file.po>…");
  process.exit(2);
}
