import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { createPublicClient, createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devDeployerPrivateKey } from "../../contracts/scripts/lib/dev-keys.js";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { installFakeWallets } from "../src/fake-wallets.js";
import { headerPoints, signUpByApi } from "../src/members.js";
import { repoRoot, startServer } from "../src/server.js";
import { bindConnectedEvmWallet, connectEvmWallet } from "../src/wallet-modal.js";

/** Hardhat's account #0: a well-known public development key that the local chain funds. */
const hardhatFunder = privateKeyToAccount(devDeployerPrivateKey);

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let economyDir: string;

beforeAll(async () => {
  // The shipped economy, but no minimum stake time (unstake right away) and a point every 5 s.
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  economy.staking = { pointsPerPassPerDay: 17_280, minStakeSeconds: 0 };
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

/** Sends 1 test ETH from Hardhat's funded account, so the member's wallet can pay for gas. */
async function fund(address: `0x${string}`, rpcUrl: string) {
  const transport = http(rpcUrl);
  const funder = createWalletClient({ account: hardhatFunder, chain: hardhat, transport });
  const hash = await funder.sendTransaction({ to: address, value: parseEther("1") });
  await createPublicClient({ chain: hardhat, transport }).waitForTransactionReceipt({ hash });
}

describe("/genesis-pass on the local chain", () => {
  it("takes a new member from binding a wallet through mint, stake, claim all and unstake", async () => {
    const rpcUrl = server.rpcUrl as string;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const wallets = await installFakeWallets(page, { rpcUrl });
    await fund(wallets.evmAddress, rpcUrl);
    await signUpByApi(page, server.url, `pass-e2e-${Date.now()}@example.com`);

    await page.goto(`${server.url}/genesis-pass`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Genesis Pass", level: 1 }).waitFor();

    // Bind: the page's call to action opens the bind wallet modal.
    await page.getByRole("button", { name: "Bind a wallet" }).click();
    const bindDialog = await connectEvmWallet(page);
    expect(await bindConnectedEvmWallet(bindDialog)).toBe(wallets.evmAddress);
    // Put the wallet on opBNB, where this deployment has no pass: the page must say so.
    await bindDialog.getByRole("combobox").selectOption({ label: "opBNB" });
    await bindDialog.getByRole("button", { name: "Switch to opBNB" }).click();
    await expect.poll(() => bindDialog.getByRole("button", { name: "Switch to opBNB" }).count()).toBe(0);
    await bindDialog.getByRole("button", { name: "Close" }).click();
    await page.getByText("The Genesis Pass is not on opBNB yet.", { exact: false }).waitFor();

    // Back to the local chain as the target: the wallet is on the wrong network until switched.
    await page.getByLabel("Network").selectOption({ label: "Local chain" });
    const mismatch = page.getByText("Chain mismatch: Expected Local chain, received opBNB.", { exact: false });
    await mismatch.waitFor();
    await page.getByRole("button", { name: "Switch to Local chain" }).click();
    await expect.poll(() => mismatch.count()).toBe(0);

    // Mint: authorization, transaction, the "minted" modal, then the pass once the indexer has it.
    await page.getByText("No passes yet").waitFor();
    await page.getByRole("button", { name: "Mint Genesis Pass" }).click();
    const minted = page.getByRole("dialog", { name: "Genesis Pass minted" });
    await minted.getByText("Minted!").waitFor({ timeout: 30_000 });
    const passName = (await minted.getByRole("img").getAttribute("alt")) as string;
    expect(passName).toMatch(/^Genesis Pass #\d+$/);
    expect(await minted.textContent()).toContain("Local chain");
    await minted.getByRole("button", { name: "See my pass" }).click();

    const card = page.getByRole("article", { name: passName });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText("Not staked").waitFor();
    await page.getByText("Minted", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Mint Genesis Pass" }).count()).toBe(0);

    // Stake: the owner's own transaction; the card turns staked with the time it began.
    await card.getByRole("button", { name: "Stake" }).click();
    await card.getByText("Staked", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await card.getByTestId("staked-since").textContent()).not.toBe("");

    // Rewards: the countdown ticks, points accrue, and claim all moves them to the balance.
    const rewards = page.getByTestId("rewards");
    await expect.poll(() => rewards.getByTestId("next-point").textContent()).toMatch(/^0:0\d$/);
    expect(await headerPoints(page)).toBe(0);
    await expect.poll(() => rewards.getByTestId("total-pending").textContent(), { timeout: 20_000 }).not.toBe("0 pts");
    await rewards.getByRole("button", { name: "Claim all" }).click();
    const toasts = page.getByRole("region", { name: "Notifications" });
    await toasts.getByText(/^Claimed \d+ pts?\. Your balance is \d+ pts?\.$/).waitFor();
    const claimedText = (await toasts.getByText(/^Claimed/).textContent()) as string;
    const balance = Number(claimedText.match(/balance is (\d+)/)?.[1]);
    expect(balance).toBeGreaterThan(0);
    await expect.poll(() => headerPoints(page)).toBeGreaterThanOrEqual(balance);

    // Unstake: with no minimum stake time, the server settles and authorizes at once.
    await card.getByRole("button", { name: "Unstake" }).click();
    await card.getByText("Not staked").waitFor({ timeout: 20_000 });
    await card.getByRole("button", { name: "Stake" }).waitFor();
    await rewards.getByText(/Nothing staked yet/).waitFor();

    // No console errors: no failed request, no hydration mismatch, no React warning.
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("lets a newcomer without a wallet extension use the burner wallet: faucet, bind, mint, and back after a reload", async () => {
    const rpcUrl = server.rpcUrl as string;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, server.url, `burner-e2e-${Date.now()}@example.com`);
    await page.goto(`${server.url}/genesis-pass`, { waitUntil: "networkidle" });

    await page.getByRole("button", { name: "Bind a wallet" }).click();
    const bindDialog = page.getByRole("dialog", { name: "Bind a wallet" });
    const evmPanel = bindDialog.getByTestId("evm-wallet");
    await evmPanel.getByRole("button", { name: "Connect Wallet" }).click();
    const burnerOption = page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /Burner Wallet/ });
    expect(await burnerOption.textContent()).toContain("Detected");
    await burnerOption.click();
    await expect.poll(() => evmPanel.getByTestId("evm-status").textContent()).toBe("Connected");
    expect(await evmPanel.textContent()).toContain("via Burner Wallet");

    // The key lives in this browser only; the faucet funds it from the local node.
    const key = (await page.evaluate(() => localStorage.getItem("arcana:burner-key"))) as `0x${string}`;
    const burner = privateKeyToAccount(key).address;
    const chain = createPublicClient({ chain: hardhat, transport: http(rpcUrl) });
    expect(await chain.getBalance({ address: burner })).toBe(0n);
    await evmPanel.getByRole("button", { name: "Get 1 test ETH" }).click();
    await page.getByText("1 test ETH is on its way to your burner wallet.").waitFor();
    await expect.poll(() => chain.getBalance({ address: burner }), { timeout: 10_000 }).toBe(parseEther("1"));

    // The burner signs the binding message itself.
    await bindDialog.getByRole("button", { name: "Bind this wallet" }).click();
    await expect.poll(() => bindDialog.getByTestId("bound-evm").textContent()).toBe(burner);
    await bindDialog.getByRole("button", { name: "Close" }).click();

    // And pays for its own mint.
    await page.getByRole("button", { name: "Mint Genesis Pass" }).click();
    const minted = page.getByRole("dialog", { name: "Genesis Pass minted" });
    await minted.getByText("Minted!").waitFor({ timeout: 30_000 });
    await minted.getByRole("button", { name: "Close" }).click();

    // A reload reconnects the burner by itself.
    await page.reload({ waitUntil: "networkidle" });
    const header = page.getByTestId("header-wallet");
    await expect
      .poll(() => header.locator("[data-status]").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("connected");
    expect(await header.textContent()).toContain(burner.slice(0, 6));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
