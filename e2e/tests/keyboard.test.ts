import type { Locator, Page } from "playwright-core";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { installFakeWallets } from "../src/fake-wallets.js";
import { serverAndBrowser } from "../src/harness.js";
import { latestSignInCode } from "../src/members.js";
import { bindDialogOf, testWallet } from "../src/wallet-modal.js";

// The shipped economy: check-in is sponsored, so the member's wallet needs no gas.
const e2e = serverAndBrowser({}, { chain: true });

/** What has focus, for a failure message: its tag, role or test id, and its text or label. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    const label = active.getAttribute("aria-label") ?? active.textContent?.trim().slice(0, 60) ?? "";
    return `${active.tagName.toLowerCase()}[${active.getAttribute("data-testid") ?? active.getAttribute("role") ?? ""}] ${label}`;
  });
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(
    `${max} presses of ${back ? "Shift+Tab" : "Tab"} never reached it; focus is on ${await describeFocus(page)}`,
  );
}

/** Focus is inside `scope` (a dialog), never dropped on the page's body. */
async function expectFocusIn(page: Page, scope: Locator) {
  await expect
    .poll(async () =>
      (await scope.evaluate((element) => element.contains(document.activeElement)))
        ? "inside"
        : await describeFocus(page),
    )
    .toBe("inside");
}

async function expectFocusOn(page: Page, target: Locator) {
  await expect.poll(async () => ((await isFocused(target)) ? "there" : await describeFocus(page))).toBe("there");
}

describe("keyboard only: sign-in, bind the wallet, check in", () => {
  it("reaches every step with Tab, Enter and Escape, and focus never falls to the page body", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await installFakeWallets(page, { evmKey: generatePrivateKey(), rpcUrl: e2e.server.rpcUrl as string });
    const email = `keyboard-e2e-${Date.now()}@example.com`;

    // Sign in: the e-mail field, Enter, the code (the field has focus when the step appears), Enter.
    await page.goto(`${e2e.server.url}/auth`, { waitUntil: "networkidle" });
    await tabTo(page, page.getByLabel("E-mail address"));
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
    await expectFocusOn(page, page.getByLabel("Sign-in code"));
    await page.keyboard.type(await latestSignInCode(page, e2e.server.url, email));
    await page.keyboard.press("Enter");
    const dashboard = page.getByTestId("member-dashboard");
    await expect.poll(() => dashboard.getByTestId("dashboard-streak").textContent()).toBe("0 days");

    // Bind: the header's wallet button opens the dialog; its Connect button opens the picker.
    const headerWallet = page.getByTestId("header-wallet");
    await tabTo(page, headerWallet, { back: true });
    await page.keyboard.press("Enter");
    const bindDialog = bindDialogOf(page);
    await expectFocusIn(page, bindDialog);
    const connect = bindDialog.getByTestId("evm-wallet").getByRole("button", { name: "Connect Wallet" });
    await tabTo(page, connect);
    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Connect Wallet" });
    await expectFocusIn(page, picker);
    await tabTo(page, picker.getByRole("button", { name: testWallet }));
    await page.keyboard.press("Enter");
    // Chosen: the picker closes and focus is back in the bind dialog, on the step that follows.
    await expect.poll(() => bindDialog.getByTestId("evm-status").textContent(), { timeout: 15_000 }).toBe("Connected");
    const bindButton = bindDialog.getByRole("button", { name: "Bind this wallet" });
    await expectFocusOn(page, bindButton);
    await page.keyboard.press("Enter");
    await expect.poll(() => bindDialog.getByTestId("bound-evm").textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // Bound: the button is gone; focus rests on the result, inside the dialog.
    await expectFocusOn(page, bindDialog.getByTestId("bound-evm"));
    await page.keyboard.press("Escape");
    await bindDialog.waitFor({ state: "detached" });
    await expectFocusOn(page, headerWallet);

    // Check in: the dashboard's button opens the dialog, Enter on its own button checks in for free.
    const opener = dashboard.getByRole("button", { name: "Check in" });
    await tabTo(page, opener);
    // Its name changes once checked in: the element itself must get focus back.
    const openerElement = await opener.elementHandle();
    await page.keyboard.press("Enter");
    const checkIn = page.getByRole("dialog", { name: "Daily check-in" });
    await expectFocusIn(page, checkIn);
    const checkInButton = checkIn.getByRole("button", { name: /^Check in/ });
    await checkInButton.waitFor({ timeout: 20_000 });
    await tabTo(page, checkInButton);
    await page.keyboard.press("Enter");
    await expect.poll(() => checkIn.getByTestId("check-in-streak").textContent(), { timeout: 20_000 }).toBe("1 day");
    // Done: the button is disabled now; focus rests on the result, inside the dialog, and Tab still cycles there.
    await expectFocusIn(page, checkIn);
    await page.keyboard.press("Tab");
    await expectFocusIn(page, checkIn);
    await page.keyboard.press("Escape");
    await checkIn.waitFor({ state: "detached" });
    await expect
      .poll(async () =>
        (await openerElement?.evaluate((element) => element.isConnected && element === document.activeElement))
          ? "back on the opener"
          : await describeFocus(page),
      )
      .toBe("back on the opener");
    await expect.poll(() => dashboard.getByTestId("dashboard-streak").textContent()).toBe("1 day");

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
