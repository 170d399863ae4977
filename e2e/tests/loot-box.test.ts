import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { grantPoints } from "../../server/src/modules/ledger/api.js";
import { createMemberRow } from "../../server/src/test/members.js";
import { launchBrowser, waitForHydration, watchErrors } from "../src/browser.js";
import { headerPointsText } from "../src/members.js";
import { freshDataDir, repoRoot, startServer } from "../src/server.js";

const email = "boxes-e2e@example.com";
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let economyDir: string;

beforeAll(async () => {
  // The shipped economy plus a box whose one reward is 25 points, so the header's change is known.
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  economy.boxes.unshift({
    id: "comet",
    name: "Comet Box",
    description: "Always 25 points.",
    price: 30,
    supply: 50,
    perMemberLimit: 5,
    rewards: [{ kind: "points", amount: 25, weight: 1 }],
  });
  economyDir = mkdtempSync(path.join(tmpdir(), "arcana-e2e-economy-"));
  const economyFile = path.join(economyDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(economy));
  // The member earns 100 points through the ledger service before the server opens the database.
  const dataDir = freshDataDir("arcana-e2e-");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  const userId = await createMemberRow(database.db, email);
  await grantPoints(database.db, { userId, kind: "test_grant", amount: 100, reference: "boxes-e2e", label: "Welcome" });
  await database.close();
  [server, browser] = await Promise.all([startServer({ ECONOMY_FILE: economyFile }, { dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (economyDir) rmSync(economyDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.request.post(`${server.url}/api/send_code`, { data: { email, check_email: true } });
  const mail = (await (
    await page.request.get(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as { data: Array<{ subject: string }> };
  const code = mail.data[0]?.subject.slice(0, 6);
  const signedIn = await page.request.post(`${server.url}/api/sign_in`, { data: { email, code, type: "code" } });
  expect(signedIn.status()).toBe(200);
}

describe("/loot-box", () => {
  it("shows the market before sign-in, then buys, opens, credits the header, rotates and verifies at 360 px", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, reducedMotion: "reduce" });
    // A step that cannot happen fails within 20 s naming its locator, before the test's own timeout hides which one.
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // A visitor reads the market and the odds, and is asked to sign in to buy. Each load waits for React to take the
    // page over (a state), not for a quiet network (a guess about time that a busy machine can stretch past 30 s).
    await page.goto(`${server.url}/loot-box`);
    await waitForHydration(page);
    const comet = page.getByTestId("box-comet");
    await expect.poll(() => comet.textContent(), { timeout: 15_000 }).toContain("Always 25 points.");
    expect(await comet.textContent()).toContain("100%");
    expect(await comet.getByTestId("supply-left").textContent()).toBe("50 of 50 left");
    expect(await page.getByTestId("box-moon").textContent()).toContain("60%");
    expect(await comet.getByRole("link", { name: "Sign in" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await signIn(page);
    await page.goto(`${server.url}/loot-box`);
    await waitForHydration(page);
    expect(await headerPointsText(page)).toBe("100 pts");
    await expect.poll(() => page.getByTestId("no-boxes").count(), { timeout: 15_000 }).toBe(1);

    // Buy one with the confirmation stating the cost and the balance after.
    await comet.getByRole("button", { name: "Buy for 30 pts" }).click();
    const confirmation = page.getByRole("dialog", { name: "Buy 1 × Comet Box?" });
    expect(await confirmation.getByTestId("purchase-confirmation").textContent()).toContain(
      "This costs 30 pts. Your balance after: 70 pts.",
    );
    await confirmation.getByRole("button", { name: "Confirm purchase" }).click();
    await expect.poll(() => comet.textContent(), { timeout: 15_000 }).toContain("Bought 1 × Comet Box for 30 pts");
    await expect.poll(() => headerPointsText(page)).toBe("70 pts");
    await expect.poll(() => comet.getByTestId("supply-left").textContent()).toBe("49 of 50 left");

    // Open it: the reward lands in the header.
    const owned = page.getByTestId("owned-comet");
    await expect.poll(() => owned.textContent(), { timeout: 15_000 }).toContain("Comet Box × 1");
    await owned.getByRole("button", { name: "Open one" }).click();
    const result = page.getByTestId("open-result");
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain("25 points");
    await expect.poll(() => headerPointsText(page)).toBe("95 pts");

    // The client seed was made in this browser before the opening, then the opening is verified.
    const fairness = page.getByTestId("fairness-panel");
    const clientSeed = fairness.getByLabel("Your client seed");
    await expect.poll(() => clientSeed.inputValue()).toMatch(/^[0-9a-f]{32}$/);
    const opening = fairness.getByTestId("past-opening").first();
    await expect.poll(() => opening.textContent(), { timeout: 15_000 }).toContain("Comet Box: 25 points");
    await opening.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => opening.textContent()).toContain("still secret");

    const hashBefore = await fairness.getByTestId("server-seed-hash").textContent();
    await clientSeed.fill("my lucky seed");
    await fairness.getByRole("button", { name: "Rotate seed" }).click();
    await expect.poll(() => fairness.getByTestId("server-seed-hash").textContent()).not.toBe(hashBefore);
    await expect.poll(() => clientSeed.inputValue()).toBe("my lucky seed");
    await opening.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(() => opening.getByTestId("verified").textContent(), { timeout: 15_000 })
      .toContain("which is 25 points");

    // The rewards history labels the purchase and the reward.
    const history = (await (await page.request.get(`${server.url}/api/assets`)).json()) as {
      data: { items: Array<{ label: string; amount: number }> };
    };
    expect(history.data.items.slice(0, 2).map((item) => [item.label, item.amount])).toEqual([
      ["Comet Box: 25 points", 25],
      ["Comet Box × 1", -30],
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
