import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

export interface SecurityOptions {
  isProduction: boolean;
  /** Origins the browser may call besides our own (chain RPCs, WalletConnect). */
  connectSources: string[];
  /** Origins the page may frame besides our own (WalletConnect's verify frame). */
  frameSources: string[];
  /** Vite's dev server needs websockets and eval for hot reload. */
  hotReload: boolean;
}

/** Security headers for every answer; the CSP nonce is exposed as c.get("secureHeadersNonce"). */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler {
  const scriptSrc = ["'self'", NONCE];
  const connectSrc = ["'self'", ...options.connectSources];
  if (options.hotReload) {
    scriptSrc.push("'unsafe-eval'");
    connectSrc.push("ws:", "wss:");
  }
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc,
      frameSrc: ["'self'", ...options.frameSources],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.isProduction ? "max-age=63072000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
