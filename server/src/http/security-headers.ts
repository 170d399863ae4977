import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";

export interface SecurityOptions {
  isProduction: boolean;
  /** Origins the browser may call besides our own (chain RPCs, WalletConnect). */
  connectSources: string[];
  /** Origins the page may frame besides our own (WalletConnect's verify frame). */
  frameSources: string[];
  /** Vite's dev server needs websockets and eval for hot reload. */
  hotReload: boolean;
}

/**
 * Security headers for every answer, worked out once at start-up. Only an HTML page runs scripts,
 * so only a page asks for a CSP nonce (`c.get("cspNonce")()`), or names its inline scripts' hashes
 * (`cspScriptHashes`: a page served from memory); every other answer (API, assets, health) gets the
 * same policy without either, which allows no inline script at all.
 */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler<AppEnv> {
  const scriptSrc = ["'self'"];
  const connectSrc = ["'self'", ...options.connectSources];
  if (options.hotReload) {
    scriptSrc.push("'unsafe-eval'");
    connectSrc.push("ws:", "wss:");
  }
  const policy = (allowed: string[]) =>
    [
      "default-src 'self'",
      `script-src ${[...scriptSrc, ...allowed].join(" ")}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connectSrc.join(" ")}`,
      `frame-src ${["'self'", ...options.frameSources].join(" ")}`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      ...(options.isProduction ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
  const withoutNonce = policy([]);
  const headers: Array<[string, string]> = [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(options.isProduction
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  return async (c, next) => {
    let nonce: string | null = null;
    c.set("cspNonce", () => {
      nonce ??= randomBytes(16).toString("base64");
      return nonce;
    });
    await next();
    const answer = c.res.headers;
    for (const [name, value] of headers) answer.set(name, value);
    const hashes = c.get("cspScriptHashes");
    answer.set(
      "Content-Security-Policy",
      hashes ? policy(hashes) : nonce ? policy([`'nonce-${nonce}'`]) : withoutNonce,
    );
  };
}
