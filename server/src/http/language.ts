import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  matchLanguage,
  negotiateLanguage,
} from "@arcana/protocol";
import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/**
 * The value of cookie `name` in a `Cookie` header, or null. A value that does not decode (`%`, a cut
 * UTF-8 sequence) is no value: another site on the domain may have set it, and it must not break pages.
 */
function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** The language a `?lang=` asks for, when it names one Arcana offers. */
export function languageFromQuery(url: string): Language | null {
  return matchLanguage(new URL(url).searchParams.get("lang"));
}

/**
 * Whether the visitor's own action started the request: the switcher's form or a link on our pages
 * (`Sec-Fetch-Site: same-origin`), or an address they typed or bookmarked (`none`). Only then is a
 * `?lang=` their choice, remembered in the cookie and on the account. A link from another site,
 * a sibling subdomain included, still renders in its language but changes nothing (decision 0040).
 * A browser without `Sec-Fetch-Site` must send a Referer of our origin.
 */
export function startedOnThisSite(request: Request, publicOrigin: string): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    const origin = new URL(referer).origin;
    return origin === publicOrigin || origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/** The `?lang=` to remember (cookie, account): the request's, when this site started the request. */
export function languageChosenOnThisSite(request: Request, publicOrigin: string): Language | null {
  return startedOnThisSite(request, publicOrigin) ? languageFromQuery(request.url) : null;
}

/** The language a visitor chose with the switcher, remembered in the language cookie. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const value = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

/**
 * The language of a page or an e-mail: an explicit choice (`?lang=`, then the switcher's cookie,
 * then the member's account) wins over the browser's `Accept-Language`, which wins over English.
 */
export function resolveLanguage(request: Request, accountLanguage?: string | null): Language {
  return (
    languageFromQuery(request.url) ??
    languageFromCookie(request.headers.get("cookie")) ??
    (isLanguage(accountLanguage) ? accountLanguage : null) ??
    negotiateLanguage(request.headers.get("accept-language")) ??
    defaultLanguage
  );
}

/** The `Set-Cookie` value that remembers a language for a year. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the request carries no cookie but the language cookie (so its page is still a visitor's). */
export function onlyLanguageCookie(cookieHeader: string | null | undefined): boolean {
  const names = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim().split("=")[0])
    .filter(Boolean);
  return names.every((name) => name === LANGUAGE_COOKIE);
}

/**
 * The language an API answer's texts (box names, task titles) are written in: the request's as for a
 * page, with the signed-in member's account choice when there is a session. The answer names
 * `Accept-Language` and `Cookie` in `Vary`, since either may change it.
 */
export async function answerLanguage(c: Context<AppEnv>): Promise<Language> {
  c.header("Vary", "Accept-Language, Cookie", { append: true });
  const member = await c
    .get("session")()
    .catch(() => null);
  return resolveLanguage(c.req.raw, member?.user.language);
}
