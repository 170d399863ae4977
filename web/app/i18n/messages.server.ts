import { type Language, languages } from "@arcana/protocol";
import { compileMessage } from "./compile";
import type { Messages } from "./compiled";
import en from "./locales/en.json";
import ja from "./locales/ja.json";
import ko from "./locales/ko.json";
import tr from "./locales/tr.json";
import vi from "./locales/vi.json";
import zhCN from "./locales/zh-CN.json";
import type { Namespace } from "./namespaces";

/** Every language's catalog: ICU MessageFormat text by message id (`<namespace>.<name>`). */
export const catalogs: Record<Language, Record<string, string>> = { en, "zh-CN": zhCN, ko, ja, vi, tr };

const texts = new Map<string, string>();

/**
 * The messages a page's loader sends: only these namespaces, only in this language, compiled and
 * written as JSON text once per set and process. React Router serializes loader data value by value
 * at every request; the catalog as one string costs it one value instead of hundreds (`use-t.ts`
 * parses it once). A message a catalog lacks falls back to English (the completeness test keeps
 * that from happening).
 */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): string {
  const key = `${language}:${namespaces.join()}`;
  let text = texts.get(key);
  if (text === undefined) {
    const messages: Messages = {};
    for (const [id, source] of Object.entries(en)) {
      if (namespaces.some((namespace) => id.startsWith(`${namespace}.`))) {
        messages[id] = compileMessage(catalogs[language][id] || source);
      }
    }
    text = JSON.stringify(messages);
    texts.set(key, text);
  }
  return text;
}

/** A route loader that sends its namespaces' messages in the page's language (and nothing else). */
export function messagesLoader(...namespaces: Namespace[]) {
  return ({ context }: { context: { language: Language } }) => ({
    messages: messagesFor(context.language, namespaces),
  });
}

export { languages };
