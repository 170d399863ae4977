import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { serverAndBrowser } from "../src/harness.js";
import { signUpByApi } from "../src/members.js";

const e2e = serverAndBrowser();

/** A new member's own invite code, and the code they used (null until one is applied). */
async function referralSummary(page: Page): Promise<{ code: string; used_code: string | null }> {
  const response = await page.request.get(`${e2e.server.url}/api/refer_code`);
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

async function inviterCode(email: string): Promise<string> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signUpByApi(page, e2e.server.url, email);
  const { code } = await referralSummary(page);
  await context.close();
  return code;
}

const rememberedCode = (page: Page) => page.evaluate(() => localStorage.getItem("arcana.pendingReferralCode"));

describe("an invite link opened by a signed-in member", () => {
  it("finding 9: a member with a remembered code who opens /?ref=OTHER is asked; the remembered one stays until they choose; confirming uses the new one", async () => {
    const stamp = Date.now();
    const [mine, other] = await Promise.all([
      inviterCode(`first-inviter-${stamp}@example.com`),
      inviterCode(`second-inviter-${stamp}@example.com`),
    ]);
    expect(mine).not.toBe(other);

    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const applied: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/refer_code/use")) applied.push(request.postData() ?? "");
    });
    await signUpByApi(page, e2e.server.url, `member-${stamp}@example.com`);
    await page.goto(`${e2e.server.url}/auth`, { waitUntil: "networkidle" });
    // A code remembered from an earlier link, not applied yet.
    await page.evaluate((code) => localStorage.setItem("arcana.pendingReferralCode", code), mine);

    await page.goto(`${e2e.server.url}/?ref=${other}`, { waitUntil: "networkidle" });
    const question = page.getByRole("dialog", { name: `Use invite code ${other} from this link?` });
    await question.waitFor();
    expect(await question.getByTestId("referral-choice").textContent()).toContain(mine);
    // Until the member chooses: the first code stays remembered and nothing is applied.
    expect(await rememberedCode(page)).toBe(mine);
    expect(applied).toEqual([]);
    expect((await referralSummary(page)).used_code).toBeNull();
    await question.getByRole("button", { name: `Keep ${mine}` }).waitFor();

    await question.getByRole("button", { name: `Use ${other}` }).click();
    const success = page.getByRole("dialog", { name: "Invite code accepted" });
    await success.getByTestId("invites-success").waitFor({ timeout: 15_000 });
    expect(await success.textContent()).toContain(other);
    expect(applied.map((body) => JSON.parse(body).code)).toEqual([other]);
    expect((await referralSummary(page)).used_code).toBe(other);
    expect(await rememberedCode(page)).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
