import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { signUpByApi } from "../src/members.js";
import { type RunningServer, startServer } from "../src/server.js";

/** Every page a member sees with their own data, and its heading. */
const memberPages: Array<[path: string, heading: RegExp]> = [
  ["/", /Arcana/],
  ["/app", /Arcana/],
  ["/daily-tarot", /Daily Tarot/],
  ["/genesis-pass", /Genesis Pass/],
  ["/loot-box", /Loot Boxes/],
  ["/change-password", /password/i],
];

/** Where the browser keeps the query cache across visits (web/app/lib/query-persistence.ts). */
const storedCacheKey = "arcana:query-cache";

declare global {
  interface Window {
    /** Exposed by the test (page.exposeBinding): called when the page reads the stored query cache. */
    __arcanaStoredCacheRead: () => void;
  }
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** When the stored cache was last written, and how many queries with data it holds. */
async function storedCache(page: Page): Promise<{ at: number | null; queries: number }> {
  return page.evaluate((key) => {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? "null") as {
      timestamp?: number;
      clientState?: { queries?: Array<{ state: { data?: unknown } }> };
    } | null;
    return {
      at: stored?.timestamp ?? null,
      queries: stored?.clientState?.queries?.filter((query) => query.state.data !== undefined).length ?? 0,
    };
  }, storedCacheKey);
}

/**
 * Opens `path` with the worst order for hydration: every part whose code loads late (React.lazy:
 * the dashboard, the account menu, the modals, the wallet runtime) gets its code only after the
 * stored cache has been read back, so those parts hydrate with the member's data in the cache where
 * the server rendered none.
 */
async function openWithCacheRestoredFirst(path: string) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  let cacheRead: () => void = () => undefined;
  const restored = new Promise<void>((resolve) => {
    cacheRead = resolve;
  });
  await page.exposeBinding("__arcanaStoredCacheRead", () => cacheRead());
  await page.addInitScript((key) => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, name: string) {
      const value = getItem.call(this, name);
      if (name === key) window.__arcanaStoredCacheRead();
      return value;
    };
  }, storedCacheKey);
  // The document names the code it needs to hydrate (module preloads); every other chunk loads late.
  const documentCode = new Set<string>();
  await page.route(server.url + path, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    for (const [, file] of html.matchAll(/\/assets\/([\w.-]+\.js)/g)) documentCode.add(file as string);
    await route.fulfill({ response, body: html });
  });
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    const file = new URL(route.request().url()).pathname.split("/").pop() as string;
    // The stored cache's own code must load for the cache to be read.
    if (!documentCode.has(file) && !file.startsWith("query-persistence-")) await restored;
    await route.continue();
  });
  const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
  return { page, errors, response };
}

describe("member pages rendered on the server, hydrated with the cache stored by an earlier visit", () => {
  it("hydrates every member page without a hydration error, late parts included", async () => {
    const first = await context.newPage();
    await signUpByApi(first, server.url, `hydration.${Date.now()}@example.com`);
    // A first visit of every page leaves the member's data of every page in the stored cache.
    for (const [path] of memberPages) {
      const visited = Date.now();
      await first.goto(server.url + path, { waitUntil: "networkidle" });
      await expect.poll(() => storedCache(first), { timeout: 10_000 }).toMatchObject({ at: expect.any(Number) });
      await expect.poll(async () => (await storedCache(first)).at, { timeout: 10_000 }).toBeGreaterThan(visited);
    }
    expect((await storedCache(first)).queries).toBeGreaterThan(4);
    // Points changed since that visit: the stored profile is older than the one the server renders.
    await first.evaluate((key) => {
      const stored = JSON.parse(window.localStorage.getItem(key) as string);
      for (const query of stored.clientState.queries) {
        if (query.queryKey[0] === "users" && query.queryKey[1] === "mine") query.state.data.pts += 1000;
      }
      window.localStorage.setItem(key, JSON.stringify(stored));
    }, storedCacheKey);
    await first.close();

    for (const [path, heading] of memberPages) {
      const { page, errors, response } = await openWithCacheRestoredFirst(path);
      expect(response?.status(), path).toBe(200);
      await expect.poll(() => page.locator("h1").first().textContent()).toMatch(heading);
      // The account menu, a part that loads late on every page with the site's header, is there once hydrated.
      if (path !== "/app") await page.getByRole("button", { name: /account menu/ }).waitFor();
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });
});

describe("a tap as soon as the dashboard shows", () => {
  it("opens the check-in dialog: the button is disabled until the page hydrates, never a lost tap", async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, server.url, `early-tap.${Date.now()}@example.com`);
    // The server's HTML: the button is there, disabled (not a control that ignores a tap).
    const html = await (await page.request.get(`${server.url}/`)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*><span>Check in<\/span><\/button>/);
    await page.goto(`${server.url}/`, { waitUntil: "commit" });
    const checkIn = page.getByTestId("member-dashboard").getByRole("button", { name: "Check in" });
    // Clicked the moment it can be (Playwright waits for it to be enabled), the dialog opens.
    await checkIn.click();
    await page.getByRole("dialog", { name: "Daily check-in" }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
