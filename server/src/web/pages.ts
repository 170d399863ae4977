import type { Language, OperatorConsoleReads, PublicConfig } from "@arcana/protocol";
import type { Context, Hono } from "hono";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { compressWhenAccepted } from "../http/compression.js";
import type { AppEnv } from "../http/env.js";
import { languageChosenOnThisSite, languageCookie } from "../http/language.js";
import type { WebFrontend } from "./frontend.js";
import { methodNotAllowedPage } from "./method-not-allowed.js";
import { pageLanguage } from "./page-language.js";
import { landingReferralCookie } from "./referral-landing.js";
import { createVisitorPages, isVisitorRequest, visitorPageResponse } from "./visitor-pages.js";

export interface PagesDeps {
  web: WebFrontend;
  config: Config;
  db: Database;
  now: () => Date;
  publicConfig: PublicConfig;
  /** The console's reads for an operator, null for anyone else (operator/reports.ts). */
  operatorConsole: (userId: string | undefined) => Promise<OperatorConsoleReads | null>;
}

/**
 * Server rendering: the web app's built files, then every other path rendered by React Router in
 * the page's language. Visitors' pages come from the visitor page cache when the configuration
 * turns it on (VISITOR_PAGE_CACHE, on in production; its time and size from the configuration).
 */
export function registerPages(app: Hono<AppEnv>, { web, config, db, now, publicConfig, operatorConsole }: PagesDeps) {
  const visitorPages = config.visitorPageCache ? createVisitorPages(config.visitorPageCache) : null;
  if (web.assets) app.use(web.assets);
  const render = (c: Context<AppEnv>, language: Language, options?: { inlineStyles: boolean }) =>
    web.render(
      c.req.raw,
      {
        requestId: c.get("requestId"),
        cspNonce: c.get("cspNonce")(),
        config: publicConfig,
        language,
        getSessionUser: async () => (await c.get("session")())?.user ?? null,
        getOperatorConsole: async () => operatorConsole((await c.get("session")())?.user.uid),
      },
      options,
    );
  const publicOrigin = new URL(config.publicUrl).origin;
  const page = async (c: Context<AppEnv>, language: Language): Promise<Response> => {
    if (!visitorPages || !isVisitorRequest(c.req.raw)) return render(c, language);
    // A visitor's page, rendered once for all of them, carries the stylesheet inline: first visits,
    // which have no stylesheet in cache, paint without waiting for it. Members' pages link it
    // (cached since their first page; inline, every member page would send and compress it again).
    // Kept per language: a page is never served in another language than the one asked for.
    const kept = await visitorPages.page(`${language} ${c.req.url}`, () => render(c, language, { inlineStyles: true }));
    if (kept instanceof Response) return kept;
    c.set("cspScriptHashes", kept.scriptHashes);
    return visitorPageResponse(kept, c.req.header("accept-encoding"));
  };
  app.all("*", compressWhenAccepted(), async (c) => {
    c.set("metricsRoute", "ssr");
    // Pages have no actions: anything but a read is refused before React Router sees it.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return methodNotAllowedPage(c, config.branding.siteName);
    const language = await pageLanguage(c, db, now, publicOrigin);
    const response = await page(c, language);
    // `?lang=xx` from our own pages (the switcher's form) is an explicit choice: remembered. Another
    // site's link renders in its language and leaves the cookie alone.
    const cookies = [
      ...(languageChosenOnThisSite(c.req.raw, publicOrigin) ? [languageCookie(language, config.isProduction)] : []),
      // For visitors only: a member is asked before a link's code applies to them (referral-flow.tsx).
      (await c.get("session")()) ? null : landingReferralCookie(c.req.url, config.isProduction),
    ].filter((cookie) => cookie !== null);
    if (cookies.length === 0) return response;
    const remembered = new Response(response.body, response);
    for (const cookie of cookies) remembered.headers.append("Set-Cookie", cookie);
    return remembered;
  });
}
