import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../config.js";
import type { Authenticated, AuthService } from "../modules/auth/service.js";
import { ApiError } from "./api-error.js";
import { createClientAddress, type ProxyTrust, rateLimitSubject } from "./client-ip.js";
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

/**
 * Resolves the session once per request (cookie or `Authorization: Bearer`), lazily:
 * pages and API calls that never ask don't touch the database.
 */
export function sessionMiddleware(auth: AuthService, config: Config): MiddlewareHandler<AppEnv> {
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
  };
}

/** The signed-in member, or a 401. Cookie-authenticated writes must come from our own origin. */
export async function requireMember(c: Context<AppEnv>, config: Config): Promise<Authenticated> {
  const found = await c.get("session")();
  if (!found) throw new ApiError("unauthenticated", "Sign in to continue.");
  if (found.via === "cookie" && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const foreign = origin ? !sameOrigin(c, config, origin) : fetchSite !== undefined && fetchSite !== "same-origin";
    if (foreign) throw new ApiError("foreign_origin", "This request did not come from Arcana.");
  }
  return found;
}
