import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gmtDayNumber } from "@arcana/protocol";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { checkIns } from "../../server/src/db/schema.js";
import { grantPoints, spendPoints } from "../../server/src/modules/ledger/api.js";
import { kolAdmin } from "../../server/src/modules/referrals/admin.js";
import { makeOperator, testActor } from "../../server/src/test/admin.js";
import { bindWalletDirectly, createMemberRow } from "../../server/src/test/members.js";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { headerPointsText } from "../src/members.js";
import { freshDataDir, repoRoot, startServer } from "../src/server.js";

const operatorEmail = "ops-e2e@example.com";
const memberEmail = "lucky-e2e@example.com";
const memberWallet = "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65";
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  // A day of activity, and an operator made by the CLI's service, before the server opens the database.
  const dataDir = freshDataDir("arcana-e2e-operator-");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  await createMemberRow(database.db, operatorEmail);
  await makeOperator(database.db, operatorEmail);
  const lucky = await createMemberRow(database.db, memberEmail);
  await bindWalletDirectly(database.db, lucky, memberWallet);
  await grantPoints(database.db, { userId: lucky, kind: "check_in", amount: 10, reference: "e2e-lucky" });
  await kolAdmin(database.db, testActor).add(memberEmail, { code: "E2ESTARS" });
  for (let i = 1; i <= 4; i++) {
    const userId = await createMemberRow(database.db, `active-${i}@example.com`);
    await grantPoints(database.db, { userId, kind: "check_in", amount: 10 * i, reference: `e2e-${i}` });
    await grantPoints(database.db, { userId, kind: "tarot", amount: 5, reference: `e2e-${i}` });
    await spendPoints(database.db, { userId, kind: "box_purchase", amount: 10, reference: `e2e-${i}` });
    if (i <= 3) {
      await database.db.insert(checkIns).values({
        userId,
        day: gmtDayNumber(new Date()),
        wallet: `0x${String(i).repeat(40)}`,
        chainId: 31337,
        txHash: `0x${String(i).repeat(64)}`,
        logIndex: 0,
        points: 10 * i,
        streak: 1,
      });
    }
  }
  await database.close();
  // The shipped economy without tasks: the figures are the seeded day's, nothing credited on the side.
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  economy.tasks = [];
  const economyFile = path.join(dataDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(economy));
  [server, browser] = await Promise.all([startServer({ ECONOMY_FILE: economyFile }, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>;
const sessions = new Map<string, StorageState>();

/** A browser context signed in as `email`; one sign-in per address (codes are limited to one a minute). */
async function signedInContext(email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  let storageState = sessions.get(email);
  if (!storageState) {
    const context = await browser.newContext();
    await signIn(await context.newPage(), email);
    storageState = await context.storageState();
    sessions.set(email, storageState);
    await context.close();
  }
  return browser.newContext({ ...options, storageState });
}

async function signIn(page: Page, email: string) {
  const sent = await page.request.post(`${server.url}/api/send_code`, { data: { email, check_email: true } });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = (await (
    await page.request.get(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as { data: Array<{ subject: string }> };
  const code = mail.data[0]?.subject.slice(0, 6);
  const signedIn = await page.request.post(`${server.url}/api/sign_in`, { data: { email, code, type: "code" } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

describe("/operator", () => {
  it("is a plain 404 page for a member who is not an operator", async () => {
    const context = await signedInContext(memberEmail);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/operator`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page Not Found" }).count()).toBe(1);
    expect((await page.request.get(`${server.url}/api/operator/overview`)).status()).toBe(403);
    await context.close();
  });

  it("shows an operator the day's figures with charts drawn, finds a member by wallet, grants points and audits it, at 360 px", async () => {
    const context = await signedInContext(operatorEmail, {
      viewport: { width: 360, height: 780 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const errors = watchErrors(page);

    const response = await page.goto(`${server.url}/operator`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // Server-rendered figures, then charts drawn in the browser.
    const tile = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    expect(await tile("Members").first().textContent()).toBe("6");
    expect(await tile("Points issued (30 days)").textContent()).toBe("130");
    expect(await tile("Points spent (30 days)").textContent()).toBe("40");
    expect(await tile("Points in circulation").textContent()).toBe("90");
    const charts = page.locator("[data-chart]");
    expect(await charts.count()).toBe(4);
    await expect
      .poll(() => page.locator('[data-chart][data-drawn="true"] canvas').count(), { timeout: 15_000 })
      .toBe(4);
    expect(await page.locator("figure", { hasText: "Points issued" }).first().textContent()).toContain(
      "Daily check-in: 110",
    );
    expect(await page.locator("figure", { hasText: "Check-ins per day" }).textContent()).toContain("Check-ins: 3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const membersCsv = await page.getByRole("link", { name: "Download members" }).getAttribute("href");
    const download = await page.request.get(`${server.url}${membersCsv}`);
    expect(download.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await download.text()).toContain(memberEmail);
    for (const [section, title] of [
      ["boxes", "Boxes"],
      ["invites", "Invites"],
      ["chains", "Chains"],
      ["sponsorship", "Sponsorship"],
    ]) {
      await page.goto(`${server.url}/operator/${section}`, { waitUntil: "networkidle" });
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      if (section === "invites") {
        expect(await page.locator("tbody tr", { hasText: "E2ESTARS" }).textContent()).toContain(memberEmail);
      }
      if (section === "sponsorship") {
        // No local chain here, so no forwarder: the page says what sponsoring a chain takes.
        await page.getByText(/No chain is sponsored/).waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(360);
    }
    await page.goto(`${server.url}/operator`, { waitUntil: "networkidle" });

    // Find the member by wallet (any case), open their page.
    await page.getByRole("link", { name: "Members", exact: true }).click();
    await page.getByLabel("E-mail, wallet or Solana address").fill(memberWallet.toUpperCase().replace("0X", "0x"));
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: memberEmail }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(memberEmail);
    expect(await page.getByTestId("member-Points").textContent()).toBe("10");

    // Grant with a reason, confirmed in a dialog.
    await page.getByLabel("Points", { exact: true }).fill("250");
    await page.getByLabel("Reason").fill("AMA winner");
    await page.getByRole("button", { name: "Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Grant points" });
    expect(await dialog.textContent()).toContain(`Grant 250 points to ${memberEmail}? Reason: “AMA winner”.`);
    await dialog.getByRole("button", { name: "Grant 250 points" }).click();
    await expect.poll(() => page.getByTestId("member-Points").textContent(), { timeout: 15_000 }).toBe("260");
    expect(await page.locator("table", { hasText: "AMA winner" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The audit log says who did it, to whom, before and after, and why.
    await page.getByRole("link", { name: "Audit log" }).click();
    const entry = page.locator("tbody tr").first();
    await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toContain("points_grant");
    const text = await entry.textContent();
    for (const part of [operatorEmail, memberEmail, '{"pts":10}', '{"pts":260}', "AMA winner"])
      expect(text).toContain(part);
    expect(errors).toEqual([]);
    await context.close();

    // The member's own header shows the points.
    const memberContext = await signedInContext(memberEmail);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await expect.poll(() => headerPointsText(memberPage), { timeout: 15_000 }).toBe("260 pts");
    await memberContext.close();
  });
});
