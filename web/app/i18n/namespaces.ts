/**
 * Message ids are `<namespace>.<name>`; a page's HTML carries the root's namespaces and its
 * route's, nothing else (decision 0025).
 */
export const namespaces = [
  "shell",
  "error",
  "modal",
  "home",
  "auth",
  "account",
  "pass",
  "tarot",
  "loot",
  "operator",
] as const;
export type Namespace = (typeof namespaces)[number];

/** What the root loader sends with every page: the chrome, API errors and the app-wide dialogs. */
export const rootNamespaces: readonly Namespace[] = ["shell", "error", "modal"];
