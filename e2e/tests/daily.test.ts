import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devDeployerPrivateKey } from "../../contracts/scripts/lib/dev-keys.js";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { installFakeWallets } from "../src/fake-wallets.js";
import { signUpByApi } from "../src/members.js";
import { type RunningServer, repoRoot, startServer } from "../src/server.js";
import { bindConnectedEvmWallet, connectEvmWallet } from "../src/wallet-modal.js";

/** Hardhat's well-known development account #0: funded on every local chain, never used elsewhere. */

let server: RunningServer & { rpcUrl: string | null };
let browser: Browser;
let economyDir: string;
beforeAll(async () => {
  // The shipped economy without tasks: this round's balance is check-in and tarot points only. Without
  // sponsorship too: this round is a member paying their own gas (sponsored.test.ts plays the free one).
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  economy.tasks = [];
  economy.sponsorship.actions = [];
  economyDir = mkdtempSync(path.join(tmpdir(), "arcana-e2e-economy-"));
  const economyFile = path.join(economyDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(economy));
  [server, browser] = await Promise.all([startServer({ ECONOMY_FILE: economyFile }, { chain: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (economyDir) rmSync(economyDir, { recursive: true, force: true });
});

/** Sends the member's wallet some test ETH for gas, from Hardhat account #0. */
async function fundWallet(address: `0x${string}`) {
  const funder = createWalletClient({
    account: privateKeyToAccount(devDeployerPrivateKey),
    chain: hardhat,
    transport: http(server.rpcUrl as string),
  });
  await funder.sendTransaction({ to: address, value: parseEther("1") });
}

describe("the daily round: check-in, tarot, rewards history", () => {
  it("checks in on chain, refuses a second check-in kindly, reads and records the tarot, and lists both rewards", async () => {
    const evmKey = generatePrivateKey();
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const wallets = await installFakeWallets(page, { evmKey, rpcUrl: server.rpcUrl as string });
    await fundWallet(wallets.evmAddress);
    await signUpByApi(page, server.url, `daily-e2e-${Date.now()}@example.com`);

    // Bind the wallet from the header.
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    const dashboard = page.getByTestId("member-dashboard");
    await expect
      .poll(() => dashboard.getByTestId("dashboard-streak").textContent(), { timeout: 10_000 })
      .toBe("0 days");
    // A member who has just signed up is welcomed, not welcomed back.
    expect(await page.getByText(/^Welcome, daily-e2e-\d+@example\.com\.$/).count()).toBe(1);
    await page.getByTestId("header-wallet").click();
    const bindDialog = await connectEvmWallet(page);
    expect(await bindConnectedEvmWallet(bindDialog)).toBe(wallets.evmAddress);
    await bindDialog.getByRole("button", { name: "Close" }).click();

    // A second tab opens the check-in modal before the check-in: its view will be a day behind.
    const staleTab = await context.newPage();
    await installFakeWallets(staleTab, { evmKey, rpcUrl: server.rpcUrl as string });
    await staleTab.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await staleTab.getByTestId("member-dashboard").getByRole("button", { name: "Check in" }).click();
    // The wallet already trusts this site, so the second tab reconnects it by itself.
    const staleModal = staleTab.getByRole("dialog", { name: "Daily check-in" });
    await staleModal.getByRole("button", { name: "Check in", exact: true }).waitFor({ timeout: 20_000 });

    // Check in: Daily.checkIn() from the bound wallet, credited at once.
    await dashboard.getByRole("button", { name: "Check in" }).click();
    const checkInModal = page.getByRole("dialog", { name: "Daily check-in" });
    expect(await checkInModal.getByTestId("check-in-next-reward").textContent()).toBe("+10 pts");
    expect(await checkInModal.getByRole("listitem").count()).toBe(7);
    expect(await checkInModal.locator("[aria-current=date]").textContent()).toContain("not checked in");
    await checkInModal.getByRole("button", { name: "Check in", exact: true }).click();
    await expect
      .poll(() => checkInModal.getByTestId("check-in-streak").textContent(), { timeout: 20_000 })
      .toBe("1 day");
    expect(await checkInModal.locator("[aria-current=date]").textContent()).toContain(": checked in");
    const checkedButton = checkInModal.getByRole("button", { name: "Checked in today" });
    expect(await checkedButton.isDisabled()).toBe(true);
    expect(await checkInModal.getByText("Next check-in opens in").count()).toBe(1);
    expect(await checkInModal.getByText(/^A new day starts (today|tomorrow) at .+ your time\.$/).count()).toBe(1);
    await expect.poll(() => dashboard.getByTestId("dashboard-points").textContent()).toBe("10 pts");
    await page.keyboard.press("Escape");
    await expect.poll(() => dashboard.getByTestId("dashboard-streak").textContent()).toBe("1 day");

    // The stale tab still offers "Check in": the contract refuses and the member reads why.
    await staleModal.getByRole("button", { name: "Check in", exact: true }).click();
    await staleModal.getByText("You have already checked in today.", { exact: false }).waitFor();
    await staleTab.close();

    // Daily tarot: turn the three cards over.
    await page.goto(`${server.url}/daily-tarot`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Daily Tarot", level: 1 }).waitFor();
    await page.getByTestId("sun-sign").waitFor();
    expect(await page.getByTestId("moon-phase").textContent()).not.toBe("");
    for (const position of ["past", "present", "future"]) {
      await page.getByRole("button", { name: `Reveal your ${position} card` }).click();
    }
    const reading = page.getByTestId("tarot-reading-text");
    await reading.waitFor();
    expect(((await reading.textContent()) ?? "").length).toBeGreaterThan(200);

    // Rewriting keeps the cards and gives a fresh text.
    const firstText = await reading.textContent();
    const cardsBefore = await page.locator("[data-testid^=tarot-card-]").allTextContents();
    await page.getByRole("button", { name: "Rewrite reading" }).click();
    await expect.poll(() => reading.textContent(), { timeout: 10_000 }).not.toBe(firstText);
    expect(await page.locator("[data-testid^=tarot-card-]").allTextContents()).toEqual(cardsBefore);

    // Record the draw on chain: the fresh page has reconnected the wallet by itself; Daily.recordTarot(digest).
    const network = page.getByTestId("tarot-network-op");
    expect(await network.textContent()).toContain("Not recorded");
    await page.getByRole("button", { name: "Record on chain" }).click({ timeout: 20_000 });
    await expect.poll(() => network.textContent(), { timeout: 30_000 }).not.toContain("Not recorded");
    expect(await network.textContent()).toContain("Recorded");
    expect(await page.getByRole("button", { name: "Recorded on chain" }).isDisabled()).toBe(true);

    // The rewards history lists both grants, newest first.
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await expect.poll(() => dashboard.getByTestId("dashboard-tarot").textContent()).toBe("Recorded");
    await expect.poll(() => dashboard.getByTestId("dashboard-points").textContent()).toBe("20 pts");
    await dashboard.getByRole("button", { name: "Rewards history" }).click();
    const history = page.getByRole("dialog", { name: "Rewards history" });
    const entries = history.getByTestId("rewards-list").getByRole("listitem");
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toMatch(/Tarot reading recorded on .+\+10 pts/);
    expect(await entries.nth(1).textContent()).toMatch(/Daily check-in \(day 1 streak\).+\+10 pts/);
    expect(await history.getByTestId("rewards-balance").textContent()).toBe("20 pts");

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("shows visitors the day's sky and a way to sign in on /daily-tarot", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/daily-tarot`, { waitUntil: "networkidle" });
    await page.getByTestId("sun-sign").waitFor();
    expect(await page.getByTestId("moon-phase").textContent()).toMatch(/Moon|Quarter|Crescent|Gibbous/);
    expect(await page.getByRole("link", { name: "Sign in to draw" }).getAttribute("href")).toBe(
      "/auth?redirect=%2Fdaily-tarot",
    );
    // The page's own content fits a 360 px screen.
    const widest = await page.evaluate(() =>
      Math.max(...Array.from(document.querySelectorAll("main *"), (element) => element.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
