import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../src/browser.js";
import { serverAndBrowser } from "../src/harness.js";
import { signUpByApi } from "../src/members.js";

const e2e = serverAndBrowser();

interface Mail {
  subject: string;
  text: string;
}

/** The newest message the dev mailbox holds for `email`, once there is one newer than `after`. */
async function newestMail(email: string, after?: Mail): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${e2e.server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      mail = ((await response.json()) as { data: Mail[] }).data[0];
      return mail !== undefined && mail.subject !== after?.subject;
    })
    .toBe(true);
  return mail as Mail;
}

const htmlLang = (page: Page) => page.getAttribute("html", "lang");

describe("the member's language on their account", () => {
  it("한국어 chosen in the header follows the member to a fresh browser after sign-in, and the sign-in e-mail is in Korean", async () => {
    const email = `polyglot-${Date.now()}@example.com`;

    // A signed-in member on an English browser picks 한국어 in the header.
    const first = await e2e.browser.newContext({ locale: "en-US" });
    const page = await first.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, e2e.server.url, email);
    const firstMail = await newestMail(email);
    await page.goto(`${e2e.server.url}/`, { waitUntil: "networkidle" });
    expect(await htmlLang(page)).toBe("en");
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/users/mine/language")),
      page.getByRole("combobox", { name: "Language" }).selectOption("ko"),
    ]);
    expect(saved.status()).toBe(200);
    // The page comes again from the server, in Korean, with no `?lang=` in its address.
    await expect.poll(() => htmlLang(page)).toBe("ko");
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("combobox", { name: "언어" }).inputValue()).toBe("ko");
    expect(errors).toEqual([]);

    // Sign out: the session ends on the e2e.server.
    const signedOut = await page.evaluate(async () => (await fetch("/api/sign_out", { method: "POST" })).status);
    expect(signedOut).toBe(200);
    await first.close();

    // A fresh browser that prefers English, no cookie: a visitor gets English.
    const fresh = await e2e.browser.newContext({ locale: "en-US" });
    const second = await fresh.newPage();
    await second.goto(`${e2e.server.url}/auth`, { waitUntil: "networkidle" });
    expect(await htmlLang(second)).toBe("en");
    await second.getByLabel("E-mail address").fill(email);
    await second.getByRole("button", { name: "Send code" }).click();
    await second.getByRole("heading", { name: "Check your e-mail" }).waitFor();

    // The code arrives in the account's language, though this browser asked in English.
    const mail = await newestMail(email, firstMail);
    expect(mail.subject).toMatch(/^\d{6} — .+ 로그인 코드$/);
    expect(mail.text).toContain("분 후에 만료되며 한 번만 사용할 수 있습니다.");
    const code = mail.subject.slice(0, 6);

    // Signed in there, the account's language wins over the browser's.
    await second.getByLabel("Sign-in code").fill(code);
    await second.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => htmlLang(second)).toBe("ko");
    await second.goto(`${e2e.server.url}/genesis-pass`, { waitUntil: "networkidle" });
    expect(await htmlLang(second)).toBe("ko");
    expect(await second.locator("h1").first().textContent()).toBe("제네시스 패스");
    await fresh.close();
  });
});
