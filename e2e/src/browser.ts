import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * A browser with a profile of its own in `userDataDir`: Chromium installs web apps only outside incognito, and
 * `launchBrowser`'s pages are in incognito-like contexts, so its installability check needs this one.
 */
export function launchProfileBrowser(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: ARGS });
}

/** Collects console errors and uncaught page errors, so a test can insist there are none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until React has taken the page over (`hydrateRoot` marks the document as its container; a click from then on
 * reaches React, which replays it if hydration is still under way): the state to wait for before typing or clicking,
 * where "networkidle" is only a guess about time.
 */
export async function waitForHydration(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")), null, {
    timeout,
  });
}
