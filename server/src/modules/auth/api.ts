/** What other modules call of the auth module (a re-export of what they used from its service). */
export type { Authenticated } from "./authenticated.js";
