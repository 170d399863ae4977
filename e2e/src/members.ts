import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The newest sign-in code the dev mailbox holds for `email` (the subject starts with it). */
export async function latestSignInCode(page: Page, baseUrl: string, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const { data } = (await response.json()) as { data: Array<{ subject: string }> };
      code = data[0]?.subject.match(/^\d{6}/)?.[0];
      return code;
    })
    .toBeDefined();
  return code as string;
}

/** Signs the page's browser context in as `email` (a new member the first time) through the dev mailbox. */
export async function signUpByApi(page: Page, baseUrl: string, email: string) {
  await page.request.post(`${baseUrl}/api/send_code`, { data: { email, check_email: true } });
  const code = await latestSignInCode(page, baseUrl, email);
  const signIn = await page.request.post(`${baseUrl}/api/sign_in`, { data: { email, code, type: "code" } });
  expect(signIn.status()).toBe(200);
}

/** The points balance the header's account menu shows, as written there ("1,234 pts"). */
export async function headerPointsText(page: Page): Promise<string | null> {
  const menu = page.getByRole("button", { name: /account menu/ });
  await menu.click();
  const text = await page.locator("dt", { hasText: "Points" }).locator("xpath=following-sibling::dd").textContent();
  await menu.click();
  return text;
}

/** The header's points balance as a number. */
export async function headerPoints(page: Page): Promise<number> {
  return Number((await headerPointsText(page))?.replace(/[^\d]/g, ""));
}
