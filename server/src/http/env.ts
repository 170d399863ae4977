import type { Logger } from "pino";
import type { Authenticated } from "../modules/auth/api.js";

/** Variables every request carries through the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The request's logger (its bindings name the request id), made on first use. */
    logger: () => Logger;
    /** The CSP nonce of an HTML answer, made on first use (security-headers.ts). */
    cspNonce: () => string;
    /** A page served from memory allows its inline scripts by hash instead of a nonce. */
    cspScriptHashes?: string[];
    /** Overrides the route label in metrics (e.g. "ssr" for the web app). */
    metricsRoute?: string;
    /** The request's session, looked up on first use. */
    session: () => Promise<(Authenticated & { via: "cookie" | "bearer" }) | null>;
  };
}
