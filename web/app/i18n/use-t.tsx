import { type UIMatch, useMatches } from "react-router";
import type { Compiled, MessageArgs, Messages } from "./compiled";
import { formatMessage } from "./format";
import { catalogsOfDocument, loadedCatalog } from "./loaded-catalogs";

/** A message id: a key of the English catalog, so an unknown id does not compile. */
export type MessageId = keyof typeof import("./locales/en.json");
export type Translate = ((id: MessageId, args?: MessageArgs) => string) & {
  /** The language it writes (a BCP 47 tag). */
  language?: string;
};

interface I18nData {
  language?: string;
  siteName?: string;
  /** The catalog's address (`messages.server.ts`), or the error screen's own messages. */
  messages?: Messages | string;
}

/** A route match as `useMatches()` and `meta` give it (React Router 7 sets `data` and `loaderData` alike). */
type Match = Pick<UIMatch, "data">;

const dataOf = (match: Match | undefined) => (match?.data ?? {}) as I18nData;

/** A route's messages: the catalog its data names (`loaded-catalogs.ts`), or the error screen's own. */
const messagesOf = (match: Match | undefined) => {
  const messages = dataOf(match).messages;
  return typeof messages === "string" ? loadedCatalog(messages) : messages;
};

/**
 * A translator from the messages the root's and the matched routes' loaders sent, written out in
 * the page's language (`{siteName}` is always the product's name). For `meta` functions; components
 * use `useT`.
 */
export function translator(matches: readonly (Match | undefined)[]): Translate {
  const root = dataOf(matches[0]);
  const locale = root.language ?? "en";
  // Looked up at each call rather than merged here: every component makes a translator, and copying
  // the catalog for each was a fifth of a member page's server render.
  const t: Translate = (id, args) => {
    let message: Compiled | undefined;
    for (const match of matches) message = messagesOf(match)?.[id] ?? message;
    return message === undefined ? id : formatMessage(message, { siteName: root.siteName ?? "", ...args }, locale);
  };
  t.language = locale;
  return t;
}

/** The page's translator (see `translator`). */
export function useT(): Translate {
  return translator(useMatches());
}

/** The page's language (a BCP 47 tag for `Intl`). */
export function useLanguage(): string {
  return dataOf(useMatches()[0]).language ?? "en";
}

/** The product's name, as the root loader sends it. */
export function useSiteName(): string {
  return dataOf(useMatches()[0]).siteName ?? "";
}

/**
 * A message that wraps an element (a link, a code) around one of its arguments: the text before
 * and after `{name}`, so each language keeps its own word order.
 */
export function aroundArgument(t: Translate, id: MessageId, name: string): [string, string] {
  const [before = "", after = ""] = t(id, { [name]: "\u0000" }).split("\u0000");
  return [before, after];
}

/**
 * The page's catalogs, as `<link rel="preload">`s in its head: the browser starts fetching them with the
 * page, and `entry.client.tsx` hydrates once they are here. In the browser, only the ones the server's document
 * named (`catalogsOfDocument`): a page reached later has fetched its catalog already.
 */
export function CatalogPreloads() {
  const matches = useMatches();
  const hrefs = new Set<string>();
  const ofDocument = typeof document === "undefined" ? null : catalogsOfDocument();
  for (const match of matches) {
    const messages = dataOf(match).messages;
    if (typeof messages === "string" && (ofDocument === null || ofDocument.has(messages))) hrefs.add(messages);
  }
  return [...hrefs].map((href) => (
    <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} data-catalog="" />
  ));
}
