import { createHash } from "node:crypto";
import { type CatalogFile, type Language, languages } from "@arcana/protocol";
import { compileMessage } from "./compile";
import type { Messages } from "./compiled";
import { registerCatalog } from "./loaded-catalogs";
import en from "./locales/en.json";
import ja from "./locales/ja.json";
import ko from "./locales/ko.json";
import tr from "./locales/tr.json";
import vi from "./locales/vi.json";
import zhCN from "./locales/zh-CN.json";
import { namespaces as allNamespaces, type Namespace } from "./namespaces";

/** Every language's catalog: ICU MessageFormat text by message id (`<namespace>.<name>`). */
export const catalogs: Record<Language, Record<string, string>> = { en, "zh-CN": zhCN, ko, ja, vi, tr };

/** A catalog: its address, the JSON text the browser fetches, and the compiled messages the server renders with. */
interface Catalog {
  href: string;
  text: string;
  messages: Messages;
}

/** The catalogs loaders have named, by language and namespace set: each is compiled once per process. */
const made = new Map<string, Catalog>();

/** The namespaces in their declared order, each once: one address per set, whatever order a loader names them in. */
const canonical = (namespaces: readonly Namespace[]) => allNamespaces.filter((name) => namespaces.includes(name));

function compileCatalog(language: Language, namespaces: readonly Namespace[]): Catalog {
  const messages: Messages = {};
  for (const [id, source] of Object.entries(en)) {
    if (namespaces.some((namespace) => id.startsWith(`${namespace}.`))) {
      messages[id] = compileMessage(catalogs[language][id] || source);
    }
  }
  const text = JSON.stringify(messages);
  const hash = createHash("sha256").update(text).digest("base64url").slice(0, 12);
  return { href: `/i18n/${language}/${namespaces.join("+")}.${hash}.json`, text, messages };
}

/**
 * The address of the messages a page's loader sends: only these namespaces, only in this language,
 * compiled (decision 0025). The page's data carries the address, not the messages: React Router
 * would serialize and escape them into every page (two thirds of a member page's HTML, and of the
 * time it took to write it); the browser fetches them once per address and keeps them. A message a
 * catalog lacks falls back to English (the completeness test keeps that from happening).
 */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): string {
  const set = canonical(namespaces);
  const key = `${language}:${set.join()}`;
  let catalog = made.get(key);
  if (catalog === undefined) {
    catalog = compileCatalog(language, set);
    registerCatalog(catalog.href, catalog.messages);
    made.set(key, catalog);
  }
  return catalog.href;
}

const CATALOG_PATH = /^\/i18n\/([A-Za-z-]+)\/([a-z+]+)\.([\w-]+)\.json$/;

/**
 * The catalog file at `path` (`GET /i18n/…`): its JSON text and whether it is the one that address
 * names (`current`: cache it for good). Another server of the same deployment may have named it
 * before this one did, so any set of known namespaces in their declared order is made on request;
 * only loaders' sets are kept. An address from another build gets this build's messages, not kept.
 * Anything else is null (not found).
 */
export function catalogFile(path: string): CatalogFile | null {
  const match = CATALOG_PATH.exec(path);
  if (!match) return null;
  const [, language, names = "", hash] = match;
  if (!languages.includes(language as Language)) return null;
  const requested = names.split("+");
  const set = canonical(requested as Namespace[]);
  if (set.length === 0 || set.join("+") !== names) return null;
  const catalog = made.get(`${language}:${set.join()}`) ?? compileCatalog(language as Language, set);
  return { text: catalog.text, current: catalog.href.endsWith(`.${hash}.json`) };
}

/** A route loader that sends its namespaces' messages in the page's language (and nothing else). */
export function messagesLoader(...namespaces: Namespace[]) {
  return ({ context }: { context: { language: Language } }) => ({
    messages: messagesFor(context.language, namespaces),
  });
}

export { languages };
