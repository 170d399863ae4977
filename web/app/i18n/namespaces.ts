/**
 * Message ids are `<namespace>.<name>`; a page names the catalogs of the root's namespaces and its
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
  "member",
] as const;
export type Namespace = (typeof namespaces)[number];

/** What the root loader sends with every page: the chrome, API errors and the app-wide dialogs. */
export const rootNamespaces: readonly Namespace[] = ["shell", "error", "modal"];

/**
 * What the root loader sends a signed-in member on top: the member's own dialogs (check-in,
 * invites, wallets) and the Daily contract's steps. Visitors never open them, so their pages (and
 * the visitor page cache) do not carry them; a sign-in or sign-out revalidates the root loader.
 */
export const memberRootNamespaces: readonly Namespace[] = [...rootNamespaces, "member"];
