import type { Messages } from "./compiled";

/**
 * The message catalogs a page uses, by address (`/i18n/<language>/<namespaces>.<hash>.json`,
 * `messages.server.ts`). Loaders send only the address: the server registers each catalog as it
 * makes it; the browser fetches it (once per address: the address changes with the content) before
 * it hydrates a page (`entry.client.tsx`) and before it shows a route's new data (`withCatalog`).
 */
const loaded = new Map<string, Messages>();

export const loadedCatalog = (href: string): Messages | undefined => loaded.get(href);

export function registerCatalog(href: string, messages: Messages): void {
  loaded.set(href, messages);
}

/**
 * Fetches the catalog at `href` unless it is here already. Two fetches of one address at once (a
 * page's hydration and its first navigation) cost the second a read from the browser's cache: an
 * address's file is cached for good.
 */
export async function loadCatalog(href: string): Promise<void> {
  if (loaded.has(href)) return;
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  loaded.set(href, await response.json());
}

let documentCatalogs: ReadonlySet<string> | null = null;

/**
 * The catalogs the server's document preloads, read once in the browser (before hydration, by `entry.client.tsx`):
 * the only ones the head keeps linking. A later page's catalog is fetched by `withCatalog` before the page shows, so a
 * preload link for it would come after the fetch and never be used (Chrome warns "preloaded but not used").
 */
export function catalogsOfDocument(): ReadonlySet<string> {
  documentCatalogs ??= new Set(
    [...document.querySelectorAll("link[data-catalog]")].map((link) => link.getAttribute("href") ?? ""),
  );
  return documentCatalogs;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The catalog at `href`, however many tries it takes: after a failed fetch it is tried again 1 s later, then 2 s,
 * 4 s… (30 s at most). A page hydrates only once its catalogs are here (`entry.client.tsx`): hydrating without
 * them would write message ids where the server wrote words. Until then the server's page is what the member sees.
 */
export async function loadCatalogUntilLoaded(href: string, wait: (ms: number) => Promise<void> = sleep): Promise<void> {
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 30_000)) {
    try {
      return await loadCatalog(href);
    } catch {
      await wait(delay);
    }
  }
}

/**
 * What a route's `clientLoader` answers when its loader sends messages: the server's data, once the
 * catalog it names is here (`export const clientLoader = ({ serverLoader }) => withCatalog(serverLoader)`).
 * Not run when the page hydrates (the server's data and `entry.client.tsx`'s fetch serve).
 */
export async function withCatalog<T>(serverLoader: () => Promise<T>): Promise<T> {
  const data = await serverLoader();
  const messages = (data as { messages?: unknown } | null)?.messages;
  if (typeof messages === "string") await loadCatalog(messages);
  return data;
}
