// Plain data, no zod: the browser bundle imports these.

/**
 * The languages Arcana speaks, English the source. Adding one is a data change: a line here and in
 * `languageNames`, the web catalog and the tarot deck's texts (docs/languages.md).
 */
export const languages = ["en", "zh-CN", "ko", "ja", "vi", "tr"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Each language's name in itself, as the language switcher shows it. */
export const languageNames: Record<Language, string> = {
  en: "English",
  "zh-CN": "简体中文",
  ko: "한국어",
  ja: "日本語",
  vi: "Tiếng Việt",
  tr: "Türkçe",
};

/** The cookie that remembers a visitor's explicit choice. */
export const LANGUAGE_COOKIE = "arcana_lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * The offered language a BCP 47 tag asks for: the same tag (any case), else the first offered one
 * with the same primary language (`ko-KR` → `ko`, `zh-Hans` → `zh-CN`); null when none matches.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  const wanted = tag?.trim().toLowerCase();
  if (!wanted) return null;
  const exact = languages.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split(/[-_]/)[0];
  return languages.find((language) => language.toLowerCase().split("-")[0] === primary) ?? null;
}

/** The best offered language of an `Accept-Language` header, by its q-values; null when none is offered. */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return null;
}
