import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { type FakeWallets, installFakeWallets } from "../src/fake-wallets.js";
import { serverAndBrowser } from "../src/harness.js";
import { connectEvmWallet, testWallet } from "../src/wallet-modal.js";

const e2e = serverAndBrowser();

let members = 0;
/** A fresh browser with the fake wallets, signed up through the dev mailbox. */
async function signedInPage(): Promise<{
  context: BrowserContext;
  page: Page;
  wallets: FakeWallets;
  errors: string[];
}> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  const wallets = await installFakeWallets(page);
  await signUp(page);
  return { context, page, wallets, errors };
}

/** Signs the page's browser context up as a new member through the dev mailbox. */
async function signUp(page: Page) {
  members += 1;
  const email = `wallet-e2e-${members}-${Date.now()}@example.com`;
  await page.request.post(`${e2e.server.url}/api/send_code`, { data: { email, check_email: true } });
  const mail = (await (
    await page.request.get(`${e2e.server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    data: Array<{ subject: string }>;
  };
  const code = mail.data[0]?.subject.slice(0, 6);
  const signIn = await page.request.post(`${e2e.server.url}/api/sign_in`, { data: { email, code, type: "code" } });
  expect(signIn.status()).toBe(200);
}

async function openBindModal(page: Page) {
  await page.goto(`${e2e.server.url}/`, { waitUntil: "networkidle" });
  await page.getByTestId("header-wallet").click();
  const dialog = page.getByRole("dialog", { name: "Bind a wallet" });
  await dialog.getByTestId("bound-evm").waitFor();
  return dialog;
}

const solanaButton = (page: Page) => page.getByTestId("solana-wallet").getByRole("button").first();

describe("the Solana connect modal and button", () => {
  it("lists detected wallets first, features three, toggles More options/Less, and closes on Escape, outside click and choice", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await installFakeWallets(page);
    await page.goto(`${e2e.server.url}/playground/sign-message`, { waitUntil: "networkidle" });
    await page.getByLabel("Solana wallet").check();
    const button = page.getByRole("button", { name: "Connect Wallet", exact: true });
    await button.click();

    const modal = page.getByRole("dialog", { name: "Connect Wallet" });
    const options = modal.getByRole("list", { name: "Wallets" }).getByRole("button");
    await expect.poll(() => options.count()).toBe(3);
    const names = await options.allTextContents();
    // The browser's own wallet and, in development, the Solana burner; then the wallets it could load.
    expect(names.slice(0, 2)).toEqual(["Arcana Test SolanaDetected", "Solana BurnerDetected"]);
    expect(names[2]).toBe("Solflare");

    await modal.getByRole("button", { name: "More options" }).click();
    await expect.poll(() => options.count()).toBe(5);
    await modal.getByRole("button", { name: "Less" }).click();
    await expect.poll(() => options.count()).toBe(3);

    // Tab never leaves the dialog.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);

    await button.click();
    await modal.waitFor();
    await page.mouse.click(5, 5);
    await expect.poll(() => modal.count()).toBe(0);

    // Choosing connects; the button goes through "Connecting ..." to "Connected", disabled both times.
    await page.evaluate(() => {
      window.__arcanaSolanaConnectGate = new Promise((resolve) => {
        window.__openGate = resolve;
      });
    });
    await button.click();
    await modal.getByRole("button", { name: /Arcana Test Solana/ }).click();
    await expect.poll(() => modal.count()).toBe(0);
    const connecting = page.getByRole("button", { name: "Connecting ..." });
    await connecting.waitFor();
    expect(await connecting.isDisabled()).toBe(true);
    await page.evaluate(() => window.__openGate?.());
    const connected = page.getByRole("button", { name: "Connected" });
    await connected.waitFor();
    expect(await connected.isDisabled()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("walletName"))).toBe('"Arcana Test Solana"');
    await context.close();
  });

  it("reads Connect once a wallet is chosen, and reports a wallet that is not installed by its error name", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("walletName", '"Clover"'));
    await page.goto(`${e2e.server.url}/playground/sign-message`, { waitUntil: "networkidle" });
    await page.getByLabel("Solana wallet").check();
    const connect = page.getByRole("button", { name: "Connect", exact: true });
    await connect.waitFor();
    const popup = context.waitForEvent("page", { timeout: 5000 }).catch(() => null);
    await connect.click();
    await page.getByText(/WalletNotReadyError/).waitFor();
    await (await popup)?.close();
    await context.close();
  });
});

describe("without a wallet extension", () => {
  it("on a desktop, a wallet that is not installed says so, links to its install page, leads back to the list, and the Solana burner binds", async () => {
    // A browser with no wallet at all.
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signUp(page);
    const dialog = await openBindModal(page);
    await solanaButton(page).click();
    const picker = page.getByRole("dialog", { name: "Connect Wallet" });
    await picker.getByRole("button", { name: "Phantom" }).click();
    const missing = picker.getByTestId("wallet-not-installed");
    await missing.getByText("Phantom is not installed in this browser.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Phantom is not installed in this browser.",
    );
    const install = missing.getByRole("link", { name: "Get Phantom" });
    expect(await install.getAttribute("href")).toBe("https://phantom.app");
    expect(await install.getAttribute("target")).toBe("_blank");
    // Nothing was chosen: the panel still offers "Connect Wallet", not a "Connect" that cannot work.
    await missing.getByRole("button", { name: "Choose another wallet" }).click();
    const burner = picker.getByRole("button", { name: /Solana Burner/ });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Solana BurnerDetected");
    await burner.click();
    await dialog.getByRole("button", { name: "Bind Solana address" }).click();
    await expect.poll(() => dialog.getByTestId("bound-solana").textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await context.close();
  });

  for (const [wallet, deepLink] of [
    ["Phantom", /^https:\/\/phantom\.app\/ul\/browse\//],
    ["Solflare", /^https:\/\/solflare\.com\/ul\/v1\/browse\//],
  ] as const) {
    it(`on a phone, ${wallet} opens the page in its own app through its deep-link browse page`, async () => {
      const context = await e2e.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent:
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      });
      // The wallet's page answers here; where the browser goes is what the test reads.
      await context.route(/^https:\/\/(phantom\.app|solflare\.com)\//, (route) => route.fulfill({ body: "wallet" }));
      const page = await context.newPage();
      const pageUrl = `${e2e.server.url}/playground/sign-message`;
      await page.goto(pageUrl, { waitUntil: "networkidle" });
      await page.getByLabel("Solana wallet").check();
      await page.getByRole("button", { name: "Connect Wallet", exact: true }).click();
      const picker = page.getByRole("dialog", { name: "Connect Wallet" });
      await Promise.all([page.waitForURL(deepLink), picker.getByRole("button", { name: wallet }).click()]);
      const opened = new URL(page.url());
      expect(decodeURIComponent(opened.pathname)).toContain(pageUrl);
      expect(opened.searchParams.get("ref")).toBe(e2e.server.url);
      await context.close();
    });
  }
});

describe("binding wallets", () => {
  it("binds the EVM wallet end to end, shows it in the modal, the header and the next server render, and reconnects after a reload", async () => {
    const { context, page, wallets, errors } = await signedInPage();
    const dialog = await openBindModal(page);
    await connectEvmWallet(page);
    await dialog.getByRole("button", { name: "Bind this wallet" }).click();
    await expect.poll(() => dialog.getByTestId("bound-evm").textContent()).toBe(wallets.evmAddress);
    const short = `${wallets.evmAddress.slice(0, 6)}…${wallets.evmAddress.slice(-4)}`;
    expect(await page.getByTestId("header-wallet").textContent()).toContain(short);

    // Server rendering already knows the wallet (wagmi's cookie): no "Connect Wallet" flash.
    const html = await (await page.request.get(`${e2e.server.url}/`)).text();
    expect(html).toContain(short);

    // A full page load: wagmi reconnects the last-used wallet by itself, and nothing flashes "Connect Wallet".
    await page.reload({ waitUntil: "networkidle" });
    const header = page.getByTestId("header-wallet");
    await expect
      .poll(() => header.locator("[data-status]").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("connected");
    expect(await header.textContent()).toContain(short);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a rejected signature as 'Request rejected' and binds nothing", async () => {
    const { context, page } = await signedInPage();
    const dialog = await openBindModal(page);
    await connectEvmWallet(page);
    await page.evaluate(() => {
      window.__arcanaRejectNext = "sign";
    });
    await dialog.getByRole("button", { name: "Bind this wallet" }).click();
    await page.getByText(/Request rejected/).waitFor();
    expect(await dialog.getByTestId("bound-evm").textContent()).toBe("None yet");
    await context.close();
  });

  it("switches the wallet to a chain it lacks by adding it first (4902)", async () => {
    const { context, page, wallets } = await signedInPage();
    const dialog = await openBindModal(page);
    await connectEvmWallet(page);
    await dialog.getByRole("combobox").selectOption({ label: "opBNB" });
    await dialog.getByRole("button", { name: "Switch to opBNB" }).click();
    await expect.poll(() => dialog.getByRole("button", { name: "Switch to opBNB" }).count()).toBe(0);
    const calls = await wallets.evmCalls();
    expect(calls).toContain("wallet_switchEthereumChain");
    expect(calls).toContain("wallet_addEthereumChain");
    await context.close();
  });

  it("binds the Solana wallet with a signed Sign-In-With-Solana message", async () => {
    const { context, page, wallets } = await signedInPage();
    const dialog = await openBindModal(page);
    await solanaButton(page).click();
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /Arcana Test Solana/ })
      .click();
    await dialog.getByRole("button", { name: "Bind Solana address" }).click();
    await expect.poll(() => dialog.getByTestId("bound-solana").textContent()).toBe(wallets.solanaAddress);
    await context.close();
  });
});

describe("/playground/sign-message", () => {
  for (const family of ["EVM wallet", "Solana wallet"] as const) {
    it(`signs with the ${family}, verifies it, and calls a tampered message invalid`, async () => {
      const context = await e2e.browser.newContext();
      const page = await context.newPage();
      await installFakeWallets(page);
      await page.goto(`${e2e.server.url}/playground/sign-message`, { waitUntil: "networkidle" });
      await page.getByLabel(family).check();
      if (family === "EVM wallet") {
        await connectEvmWallet(page, testWallet, page.locator("main"));
      } else {
        await page.getByRole("button", { name: "Connect Wallet", exact: true }).click();
        await page
          .getByRole("dialog", { name: "Connect Wallet" })
          .getByRole("button", { name: /Arcana Test Solana/ })
          .click();
        await page.getByRole("button", { name: "Connected" }).waitFor();
      }
      await page.getByLabel("Message", { exact: true }).fill("I am the seer of Arcana");
      await page.getByRole("button", { name: "Sign message" }).click();
      await expect.poll(() => page.getByTestId("verdict").textContent()).toBe("Valid signature");
      expect(await page.getByTestId("signature").textContent()).not.toBe("");

      await page.getByLabel(/Message to verify/).fill("I am the seer of Arcana!");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => page.getByTestId("verdict").textContent()).toMatch(/^Invalid signature/);
      await context.close();
    });
  }
});
