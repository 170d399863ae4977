import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.js";
import type { Authenticated } from "../modules/auth/api.js";
import type { ProxyTrust } from "../proxy-trust.js";
import { ApiError } from "../shared/errors.js";
import { createClientAddress, rateLimitSubject } from "./client-ip.js";
import type { AppEnv } from "./env.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `__Host-` in production: Secure, no Domain, Path=/ — the browser enforces all three. */
export function sessionCookieName(config: Pick<Config, "isProduction">): string {
  return config.isProduction ? "__Host-arcana_session" : "arcana_session";
}

export function setSessionCookie(c: Context<AppEnv>, config: Config, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: config.isProduction,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>, config: Config) {
  deleteCookie(c, sessionCookieName(config), { path: "/", secure: config.isProduction });
}

const clientAddressByTrust = new WeakMap<ProxyTrust, ReturnType<typeof createClientAddress>>();

/**
 * The key per-IP limits count the request under: the client's address (X-Forwarded-For only as far
 * as `TRUST_PROXY` trusts it), an IPv6 address by its /64.
 */
export function clientIp(c: Context<AppEnv>, trust: ProxyTrust): string {
  let clientAddress = clientAddressByTrust.get(trust);
  if (!clientAddress) {
    clientAddress = createClientAddress(trust);
    clientAddressByTrust.set(trust, clientAddress);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return rateLimitSubject(clientAddress(incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for")));
}

function sameOrigin(c: Context<AppEnv>, config: Config, origin: string): boolean {
  if (origin === new URL(config.publicUrl).origin) return true;
  return origin === new URL(c.req.url).origin;
}

/** What the session middleware asks of the auth module: whose session a token is, if any. */
export interface SessionLookup {
  authenticate(token: string): Promise<Authenticated | null>;
}

/**
 * Resolves the session once per request (cookie or `Authorization: Bearer`), lazily:
 * pages and API calls that never ask don't touch the database.
 */
export function sessionMiddleware(auth: SessionLookup, config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let resolved: Promise<(Authenticated & { via: "cookie" | "bearer" }) | null> | undefined;
    c.set("session", () => {
      resolved ??= (async () => {
        const header = c.req.header("authorization");
        const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
        if (bearer) {
          const found = await auth.authenticate(bearer);
          return found && { ...found, via: "bearer" as const };
        }
        const cookie = getCookie(c, sessionCookieName(config));
        if (!cookie) return null;
        const found = await auth.authenticate(cookie);
        return found && { ...found, via: "cookie" as const };
      })();
      return resolved;
    });
    await next();
    if (await answersPersonalData(c, resolved)) {
      // Nothing personal may be kept by a shared cache; a page's answer depends on who the cookie names.
      c.res.headers.set("Cache-Control", "private, no-store");
      if (c.res.headers.get("content-type")?.startsWith("text/html"))
        c.res.headers.set("Vary", pageVary(c.res.headers));
    }
  };
}

/**
 * A member's page varies with the cookie, and with Accept-Encoding as every page does (set on the socket
 * beforehand under Node, where this header replaces it: so it is named here again).
 */
function pageVary(headers: Headers): string {
  const named = (headers.get("vary") ?? "").split(",").map((name) => name.trim());
  const missing = ["Accept-Encoding", "Cookie"].filter(
    (name) => !named.some((present) => present.toLowerCase() === name.toLowerCase()),
  );
  return [...named.filter(Boolean), ...missing].join(", ");
}

/** An answer to a signed-in member, or one that hands out a session (sign-in's token and cookie). */
async function answersPersonalData(
  c: Context<AppEnv>,
  resolved: Promise<Authenticated | null> | undefined,
): Promise<boolean> {
  if (c.res.headers.has("set-cookie")) return true;
  if (!resolved) return false;
  // A session that could not be looked up already answered with an error of its own.
  return (await resolved.catch(() => null)) !== null;
}

/** Sites whose cookie-carrying requests may only read: another site, or a sibling on our site. */
const FOREIGN_FETCH_SITES = new Set(["cross-site", "same-site"]);

export interface RequireMemberOptions {
  /**
   * The route writes although it is a GET (the API's contract fixes `tasks/consume`, `refer_code` and the
   * operator's exports as GETs): a top-level navigation from another site carries the Lax cookie, so a
   * cookie-authenticated call that another site started is refused as a cross-origin write is.
   */
  getWrites?: boolean;
}

/** The signed-in member, or a 401. Cookie-authenticated writes must come from our own origin. */
export async function requireMember(
  c: Context<AppEnv>,
  config: Config,
  options: RequireMemberOptions = {},
): Promise<Authenticated> {
  const found = await c.get("session")();
  if (!found) throw new ApiError("unauthenticated", "Sign in to continue.");
  if (found.via === "cookie" && options.getWrites && FOREIGN_FETCH_SITES.has(c.req.header("sec-fetch-site") ?? "")) {
    throw new ApiError("foreign_origin", `This request did not come from ${config.branding.siteName}.`);
  }
  if (found.via === "cookie" && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const foreign = origin ? !sameOrigin(c, config, origin) : fetchSite !== undefined && fetchSite !== "same-origin";
    if (foreign) throw new ApiError("foreign_origin", `This request did not come from ${config.branding.siteName}.`);
  }
  return found;
}
