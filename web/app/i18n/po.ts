/**
 * One language's web catalog as a gettext PO file, for translators' tools (Poedit, Weblate, Lokalise, a
 * text editor): each message's id is its `msgctxt`, English its `msgid`, the translation its `msgstr`.
 * `npm run translations -- export|import` writes and reads them (docs/languages.md).
 */

type Catalog = Record<string, string>;

const escapes: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t" };
const unescapes: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", t: "\t" };

const quote = (text: string) => `"${text.replace(/[\\"\n\t]/g, (char) => escapes[char] ?? char)}"`;

function unquote(line: string, where: string): string {
  const match = /^"(.*)"$/.exec(line.trim());
  if (!match) throw new Error(`${where}: expected a quoted string, got ${line}`);
  return (match[1] ?? "").replace(/\\(.)/g, (_, char: string) => {
    const plain = unescapes[char];
    if (plain === undefined) throw new Error(`${where}: unknown escape \\${char}`);
    return plain;
  });
}

/** `language`'s catalog as a PO file, in English's order, English beside each message. */
export function catalogToPo(english: Catalog, translated: Catalog, language: string): string {
  const header = [
    `# Arcana's web messages in ${language}, English beside each (web/app/i18n/locales/${language}.json).`,
    "# Change msgstr only; msgctxt is the message's id. Keep {placeholders} and ICU plural/select keywords as they are.",
    'msgid ""',
    'msgstr ""',
    quote(`Language: ${language}\n`),
    quote("MIME-Version: 1.0\n"),
    quote("Content-Type: text/plain; charset=UTF-8\n"),
    quote("Content-Transfer-Encoding: 8bit\n"),
    "",
  ];
  const entries = Object.entries(english).map(([id, source]) =>
    [`msgctxt ${quote(id)}`, `msgid ${quote(source)}`, `msgstr ${quote(translated[id] ?? "")}`, ""].join("\n"),
  );
  return `${[...header, ...entries].join("\n")}`;
}

/**
 * The catalog a PO file holds, in English's order. Refuses an id English lacks, a message left empty
 * and an entry without an id, naming the line.
 */
export function poToCatalog(po: string, english: Catalog): Catalog {
  const found = new Map<string, string>();
  let field: "msgctxt" | "msgid" | "msgstr" | null = null;
  let entry: { msgctxt?: string; msgid?: string; msgstr?: string; line: number } = { line: 0 };
  const finish = () => {
    if (entry.msgid === undefined) return;
    if (entry.msgid === "" && entry.msgctxt === undefined) return; // the header
    const where = `line ${entry.line}`;
    if (entry.msgctxt === undefined) throw new Error(`${where}: an entry without msgctxt (the message's id)`);
    if (!Object.hasOwn(english, entry.msgctxt)) throw new Error(`${where}: ${entry.msgctxt} is not a message id`);
    if (!entry.msgstr) throw new Error(`${where}: ${entry.msgctxt} has an empty msgstr`);
    found.set(entry.msgctxt, entry.msgstr);
  };
  po.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === "" || line.startsWith("#")) return;
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      const name = keyword[1] as "msgctxt" | "msgid" | "msgstr";
      if (name === "msgctxt" || (name === "msgid" && entry.msgid !== undefined)) {
        finish();
        entry = { line: index + 1 };
      }
      if (entry.line === 0) entry.line = index + 1;
      field = name;
      entry[name] = unquote(keyword[2] as string, where);
      return;
    }
    if (line.startsWith('"') && field) {
      entry[field] = (entry[field] ?? "") + unquote(line, where);
      return;
    }
    throw new Error(`${where}: cannot read ${line}`);
  });
  finish();
  const catalog: Catalog = {};
  for (const id of Object.keys(english)) {
    const text = found.get(id);
    if (text !== undefined) catalog[id] = text;
  }
  return catalog;
}
