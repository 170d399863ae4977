import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The wallet names the EVM picker lists for the e2e's wallets. */
export const testWallet = /Arcana Test Wallet/;
export const burnerWallet = /Burner Wallet/;

/** The "Bind a wallet" dialog (open or about to open). */
export const bindDialogOf = (page: Page): Locator => page.getByRole("dialog", { name: "Bind a wallet" });

/**
 * Connects an EVM wallet from the EVM wallet panel inside `scope` (by default the bind wallet modal,
 * which must be open): clicks the panel's Connect button, picks `wallet` in the picker and waits for
 * "Connected". On a busy machine the first click can land while the lazily loaded panel is still
 * settling, so the click is repeated until the picker lists the wallet. Answers `scope`.
 */
export async function connectEvmWallet(
  page: Page,
  wallet: RegExp = testWallet,
  scope: Locator = bindDialogOf(page),
): Promise<Locator> {
  const panel = scope.getByTestId("evm-wallet");
  const picker = page.getByRole("dialog", { name: "Connect Wallet" });
  const option = picker.getByRole("button", { name: wallet });
  await expect
    .poll(
      async () => {
        if ((await picker.count()) === 0) await panel.getByRole("button", { name: "Connect Wallet" }).click();
        return option.count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(1);
  await option.click();
  await expect.poll(() => panel.getByTestId("evm-status").textContent(), { timeout: 15_000 }).toBe("Connected");
  return scope;
}

/** Binds the connected EVM wallet from the open bind dialog and waits until the bound address shows. */
export async function bindConnectedEvmWallet(dialog: Locator): Promise<string> {
  await dialog.getByRole("button", { name: "Bind this wallet" }).click();
  const bound = dialog.getByTestId("bound-evm");
  await expect.poll(() => bound.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return (await bound.textContent()) as string;
}

/** Opens the bind dialog with the page's "Bind a wallet" button, connects `wallet`, binds it and closes. */
export async function bindEvmWallet(page: Page, wallet: RegExp = testWallet): Promise<string> {
  await page.getByRole("button", { name: "Bind a wallet" }).click();
  const dialog = await connectEvmWallet(page, wallet);
  const address = await bindConnectedEvmWallet(dialog);
  await dialog.getByRole("button", { name: "Close" }).click();
  return address;
}
