import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.js";
import { startServer } from "./server.js";

/**
 * The server and the browser a test file drives: started together before its tests, stopped after.
 * When one of them fails to start, the other is stopped again, so a failed browser launch never
 * leaves a server (and its database directory) behind.
 */
export function serverAndBrowser(...args: Parameters<typeof startServer>) {
  const running = {} as { server: Awaited<ReturnType<typeof startServer>>; browser: Browser };
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startServer(...args), launchBrowser()]);
    if (server.status === "rejected" || browser.status === "rejected") {
      if (server.status === "fulfilled") await server.value.stop();
      if (browser.status === "fulfilled") await browser.value.close();
      throw server.status === "rejected" ? server.reason : (browser as PromiseRejectedResult).reason;
    }
    running.server = server.value;
    running.browser = browser.value;
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}
