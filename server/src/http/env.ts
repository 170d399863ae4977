import type { Logger } from "pino";

/** Variables every request carries through the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    secureHeadersNonce?: string;
    /** Overrides the route label in metrics (e.g. "ssr" for the web app). */
    metricsRoute?: string;
  };
}
