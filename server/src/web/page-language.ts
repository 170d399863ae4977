import type { Language } from "@arcana/protocol";
import type { Context } from "hono";
import type { DatabaseOrTransaction } from "../db/client.js";
import type { AppEnv } from "../http/env.js";
import { languageFromQuery, resolveLanguage } from "../http/language.js";
import { setMemberLanguage } from "../modules/users/api.js";
import { isVisitorRequest } from "./visitor-pages.js";

/**
 * The language of a page (`?lang=`, the cookie, the member's account, `Accept-Language`, English).
 * A signed-in member's `?lang=` (the switcher's form, a shared link) is also saved on their account,
 * so it follows them to a new device once they sign in there.
 */
export async function pageLanguage(c: Context<AppEnv>, db: DatabaseOrTransaction, now: () => Date): Promise<Language> {
  const request = c.req.raw;
  const user = isVisitorRequest(request) ? null : ((await c.get("session")())?.user ?? null);
  const chosen = languageFromQuery(request.url);
  if (user && chosen && chosen !== user.language) await setMemberLanguage(db, user.uid, chosen, now());
  return resolveLanguage(request, user?.language);
}
