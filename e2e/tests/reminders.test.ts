import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gmtDayNumber } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/src/db/client.js";
import { createReminderService } from "../../server/src/modules/reminders/service.js";
import { users } from "../../server/src/modules/users/schema.js";
import { makeOperator } from "../../server/src/test/admin.js";
import { createMemberRow, insertCheckIn } from "../../server/src/test/members.js";
import { launchBrowser, watchErrors } from "../src/browser.js";
import { signUpByApi } from "../src/members.js";
import { freshDataDir, repoRoot, startServer } from "../src/server.js";

/**
 * Streak reminders end to end (issue 44), one server: the offer after a check-in, the reminder e-mail with its
 * RFC 8058 headers, the one-click POST without a session and the unsubscribe page, in English and Japanese.
 * The send hour is 0 GMT, so the server's first scheduler pass (at start) sends today's reminders: no waiting for 20:00.
 */

/** The site's public address: the e-mails' links start with it; the test opens them on the local server. */
const publicUrl = "https://arcana.example";
const members = {
  offerEn: "offer-en@example.com",
  offerJa: "offer-ja@example.com",
  atRiskEn: "at-risk-en@example.com",
  atRiskJa: "at-risk-ja@example.com",
  checkedIn: "checked-in@example.com",
} as const;
const operatorEmail = "ops-reminders@example.com";

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  const dataDir = freshDataDir("arcana-e2e-reminders-");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.migrate();
  const db = database.db;
  const today = gmtDayNumber(new Date());
  const settings = { enabled: true, sendHourGmt: 0, minStreak: 1, ratePerSecond: 50 };
  const choices = createReminderService({ db, settings, now: () => new Date() });
  const ids: Record<string, string> = {};
  for (const [key, email] of Object.entries(members)) {
    const userId = await createMemberRow(db, email);
    ids[key] = userId;
    await db
      .update(users)
      .set({ language: key.endsWith("Ja") ? "ja" : "en" })
      .where(eq(users.id, userId));
    if (key.startsWith("offer")) {
      // Their first check-in, today: the check-in dialog offers reminders (they never chose).
      await insertCheckIn(db, userId, today, 1);
    } else {
      // A 3-day streak up to yesterday, reminders on.
      await insertCheckIn(db, userId, today - 1, 3);
      await choices.choose(userId, { enabled: true });
    }
  }
  // This member checked in today already: no reminder.
  await insertCheckIn(db, ids.checkedIn as string, today, 4);
  await createMemberRow(db, operatorEmail);
  await makeOperator(db, operatorEmail);
  await database.close();

  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  economy.tasks = [];
  economy.reminders = { ...economy.reminders, ...settings };
  const economyFile = path.join(dataDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(economy));
  [server, browser] = await Promise.all([
    startServer({ ECONOMY_FILE: economyFile, PUBLIC_URL: publicUrl }, { dataDir }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

async function mailTo(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: MailboxMessage[] }).data;
}

/** The reminder in `email`'s mailbox, once the scheduler has sent it. */
async function reminderTo(email: string): Promise<MailboxMessage> {
  let reminder: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        reminder = (await mailTo(email)).find((message) => message.headers["List-Unsubscribe"] !== undefined);
        return reminder !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return reminder as MailboxMessage;
}

/** The web app's catalog of `language` (the texts the member reads). */
function catalog(language: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(repoRoot, `web/app/i18n/locales/${language}.json`), "utf8"));
}

/** A link of the e-mail (under the public https address) opened on the test's server. */
const local = (url: string) => url.replace(publicUrl, server.url);

describe("streak reminders", () => {
  it.each([
    { email: members.offerEn, language: "en" },
    { email: members.offerJa, language: "ja" },
  ])("offers reminders after the first check-in, and stores the yes ($language)", async ({ email, language }) => {
    const t = catalog(language);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, server.url, email);
    const before = await page.request.get(`${server.url}/api/users/mine/reminders`);
    expect(((await before.json()) as { data: { enabled: boolean; chosen_at: string | null } }).data).toMatchObject({
      enabled: false,
      chosen_at: null,
    });
    const openCheckIn = async () => {
      const settingsRead = page.waitForResponse(
        (response) => response.url().endsWith("/api/users/mine/reminders") && response.request().method() === "GET",
      );
      await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
      const button = page.getByTestId("member-dashboard").getByRole("button", { name: t["home.viewCheckIn"] });
      await button.click({ timeout: 15_000 });
      const dialog = page.getByRole("dialog", { name: t["modal.checkIn.title"] });
      await dialog.getByTestId("check-in-streak").waitFor({ timeout: 15_000 });
      await settingsRead;
      return dialog;
    };
    const dialog = await openCheckIn();
    const offer = dialog.getByTestId("reminder-offer");
    await offer.getByRole("heading", { name: t["member.reminders.offerTitle"] }).waitFor();
    await offer.getByRole("button", { name: t["member.reminders.offerYes"], exact: true }).click();
    await expect
      .poll(() => dialog.getByTestId("reminder-offer-done").textContent())
      .toBe((t["member.reminders.offerAccepted"] as string).replace("{time}", "00:00 GMT"));
    const after = await page.request.get(`${server.url}/api/users/mine/reminders`);
    const stored = ((await after.json()) as { data: { enabled: boolean; chosen_at: string | null } }).data;
    expect(stored.enabled).toBe(true);
    expect(stored.chosen_at).not.toBeNull();
    // Asked once: once the choice is read again, the dialog does not offer it (a page cached before the answer may
    // show the offer until then).
    const again = await openCheckIn();
    await expect.poll(() => again.getByTestId("reminder-offer").count()).toBe(0);
    // Checked in today: no reminder for them today.
    expect((await mailTo(email)).filter((message) => message.headers["List-Unsubscribe"])).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    {
      email: members.atRiskEn,
      subject: "Your 3-day streak on Arcana ends at 00:00 GMT",
      onHeading: "Streak reminders are on",
      offHeading: "You will get no more streak reminders",
      turnOn: "Turn reminders back on",
    },
    {
      email: members.atRiskJa,
      subject: "Arcana の 3 日連続チェックインが 00:00 GMT に途切れます",
      onHeading: "連続記録のリマインダーはオンです",
      offHeading: "連続記録のリマインダーは今後届きません",
      turnOn: "リマインダーを再びオンにする",
    },
  ])(
    "sends one reminder in the member's language with one-click unsubscribe, which works without a session ($email)",
    async ({ email, subject, onHeading, offHeading, turnOn }) => {
      const reminder = await reminderTo(email);
      expect(reminder.subject).toBe(subject);
      const listUnsubscribe = reminder.headers["List-Unsubscribe"] as string;
      expect(listUnsubscribe).toMatch(/^<https:\/\/arcana\.example\/api\/reminders\/unsubscribe\?token=[^>\s]+>$/);
      expect(reminder.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const pageUrl = reminder.text.match(/https:\/\/arcana\.example\/reminders\/unsubscribe\?token=\S+/)?.[0];
      expect(pageUrl).toBeDefined();
      expect(reminder.text).toContain(`${publicUrl}/`);

      const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      // The page shows the state and changes nothing by being opened (link scanners).
      await page.goto(local(pageUrl as string));
      const heading = page.getByTestId("reminder-page-heading");
      expect(await heading.textContent()).toBe(onHeading);
      expect(await page.locator("html").getAttribute("lang")).toBe(email === members.atRiskJa ? "ja" : "en");

      // The mailbox provider's one-click POST: no session, no cookie, 200, reminders off.
      const oneClick = await fetch(local(listUnsubscribe.slice(1, -1)), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.json()).toEqual({ data: { enabled: false } });
      // A forged token is refused.
      const forged = await fetch(`${server.url}/api/reminders/unsubscribe?token=${"A".repeat(40)}`, { method: "POST" });
      expect(forged.status).toBe(400);

      // The page now says they are off, with the button to turn them back on.
      await page.reload();
      expect(await heading.textContent()).toBe(offHeading);
      await page.getByRole("button", { name: turnOn }).click();
      await expect.poll(() => heading.textContent()).toBe(onHeading);
      expect(errors).toEqual([]);
      await context.close();

      // Exactly one reminder that day, whatever the scheduler does next.
      expect((await mailTo(email)).filter((message) => message.headers["List-Unsubscribe"])).toHaveLength(1);
    },
  );

  it("sends none to a member who already checked in today", async () => {
    // The at-risk members' reminders went out in the same pass as this member's would have.
    await reminderTo(members.atRiskEn);
    await reminderTo(members.atRiskJa);
    expect(await mailTo(members.checkedIn)).toEqual([]);
  });

  it("shows the operator today's sent reminders and unsubscribes on /operator/reminders, and that opening is not tracked", async () => {
    // Both at-risk members got theirs, and each unsubscribed once (then turned them on again).
    await reminderTo(members.atRiskEn);
    await reminderTo(members.atRiskJa);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpByApi(page, server.url, operatorEmail);
    await page.goto(`${server.url}/operator/reminders`);
    const t = catalog("en");
    const table = page.getByRole("table", { name: t["operator.reminders.caption"] });
    const today = new Date().toISOString().slice(0, 10);
    const row = table.getByTestId("reminder-day").filter({ hasText: today });
    expect(await row.locator("td").allTextContents()).toEqual(["2", "0 (0%)", "2"]);
    expect(await table.getByTestId("reminder-total").locator("td").allTextContents()).toEqual(["2", "0 (0%)", "2"]);
    await page.getByText(t["operator.reminders.notTracked"] as string).waitFor();
    await page.getByRole("link", { name: t["operator.reminders.title"] }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
