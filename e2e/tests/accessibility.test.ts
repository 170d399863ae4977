import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { makeOperator } from "../../server/src/test/admin.js";
import { createMemberRow } from "../../server/src/test/members.js";
import { violationsOn } from "../src/axe.js";
import { launchBrowser } from "../src/browser.js";
import { signUpByApi } from "../src/members.js";
import { freshDataDir, startServer } from "../src/server.js";

// Finding 18 (issue 26): every page and the wallet modal, for a visitor, a member and an operator, at
// 360 and 1280 px, has no axe-core violation of WCAG 2.x A/AA or of axe's best practices.
const operatorEmail = "a11y-operator@example.com";
const widths = [360, 1280] as const;

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  const dataDir = freshDataDir("arcana-e2e-a11y-");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  await createMemberRow(database.db, operatorEmail);
  await makeOperator(database.db, operatorEmail);
  await database.close();
  server = await startServer({}, { dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens each path at each width in `context` and answers every violation, named by page and width. */
async function audit(context: BrowserContext, paths: string[], after?: (page: Page) => Promise<void>) {
  const found: string[] = [];
  const page = await context.newPage();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const pagePath of paths) {
      await page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
      await page.locator("main h1").first().waitFor();
      if (after) await after(page);
      for (const line of await violationsOn(page)) found.push(`${pagePath} @${width}px: ${line}`);
    }
  }
  await page.close();
  return found;
}

describe("finding 18: accessibility (axe-core)", () => {
  it("visitor pages have no violations at 360 and 1280 px", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const paths = ["/", "/auth", "/genesis-pass", "/daily-tarot", "/loot-box", "/playground/sign-message", "/nowhere"];
    expect(await audit(context, paths)).toEqual([]);
    await context.close();
  }, 180_000);

  it("member pages and the wallet modal have no violations at 360 and 1280 px", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await signUpByApi(page, server.url, `a11y-member-${Date.now()}@example.com`);
    await page.close();
    expect(await audit(context, ["/", "/genesis-pass", "/daily-tarot", "/loot-box", "/change-password"])).toEqual([]);
    const modal = await audit(context, ["/"], async (open) => {
      await open.getByTestId("header-wallet").click();
      await open.getByRole("dialog", { name: "Bind a wallet" }).waitFor();
    });
    expect(modal).toEqual([]);
    await context.close();
  }, 240_000);

  it("operator pages have no violations at 360 and 1280 px", async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await signUpByApi(page, server.url, operatorEmail);
    await page.close();
    const paths = [
      "/operator",
      "/operator/members",
      "/operator/boxes",
      "/operator/invites",
      "/operator/chains",
      "/operator/sponsorship",
      "/operator/reminders",
      "/operator/audit",
    ];
    expect(await audit(context, paths)).toEqual([]);
    await context.close();
  }, 240_000);
});
