import type { User } from "./accounts.js";
import type { PublicConfig } from "./config.js";

/**
 * What the server hands every React Router loader and action. Loaders reach the server's
 * services through these functions, not through HTTP.
 */
export type ArcanaLoadContext = {
  requestId: string;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  config: PublicConfig;
  /** The signed-in member for this request, if any. */
  getSessionUser: () => Promise<User | null>;
};
