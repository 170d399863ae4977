import type { Language } from "@arcana/protocol";
import type { Context } from "hono";
import type { DatabaseOrTransaction } from "../db/client.js";
import type { AppEnv } from "../http/env.js";
import { languageChosenOnThisSite, resolveLanguage } from "../http/language.js";
import { setMemberLanguage } from "../modules/users/api.js";
import { isVisitorRequest } from "./visitor-pages.js";

/**
 * The language of a page (`?lang=`, the cookie, the member's account, `Accept-Language`, English).
 * A signed-in member's `?lang=` from one of our own pages (the switcher's form) is also saved on their
 * account, so it follows them to a new device once they sign in there; another site's link only
 * renders in its language.
 */
export async function pageLanguage(
  c: Context<AppEnv>,
  db: DatabaseOrTransaction,
  now: () => Date,
  publicOrigin: string,
): Promise<Language> {
  const request = c.req.raw;
  const user = isVisitorRequest(request) ? null : ((await c.get("session")())?.user ?? null);
  const chosen = languageChosenOnThisSite(request, publicOrigin);
  if (user && chosen && chosen !== user.language) await setMemberLanguage(db, user.uid, chosen, now());
  return resolveLanguage(request, user?.language);
}
