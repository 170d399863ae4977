import { DAY_MS, gmtDayNumber, listDevMailboxRoute } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { Registry } from "prom-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { reminderChoices, reminderJobs, users } from "../../db/schema.js";
import { loadEconomy } from "../../economy.js";
import { type Mailer, type MailMessage, MailUndeliverableError } from "../../mail/mailer.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp, testClock } from "../../test/app.js";
import { createMemberRow, insertCheckIn } from "../../test/members.js";
import { checkInPoints } from "../daily/rules.js";
import { createReminderCounters } from "./metrics.js";
import { createReminderSender, reminderMessageId } from "./sending.js";
import { createUnsubscribeTokens } from "./unsubscribe-token.js";

const economy = loadEconomy();
const settings = { ...economy.reminders, enabled: true, sendHourGmt: 20, minStreak: 1, ratePerSecond: 1000 };
// 2026-11-22, 12:00 GMT.
const clock = testClock();
const today = gmtDayNumber(clock.now());
let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, economy: { ...economy, reminders: settings } });
  db = t.database.db;
});
afterAll(() => t.dispose());
// Each test starts with an empty queue and nobody opted in from the tests before it.
afterEach(async () => {
  await db.delete(reminderJobs);
  await db.update(reminderChoices).set({ enabled: false });
});

/** A credited check-in row, as the daily module writes it. */
const checkedIn = (userId: string, day: number, streak: number) => insertCheckIn(db, userId, day, streak);

/** A member with a streak of `streak` ending yesterday who chose reminders (on, at `sendHour`). */
async function memberAtRisk(email: string, options: { streak?: number; enabled?: boolean; sendHour?: number } = {}) {
  const userId = await createMemberRow(db, email);
  const streak = options.streak ?? 3;
  for (let i = 0; i < streak; i++) await checkedIn(userId, today - streak + i, i + 1);
  await db.insert(reminderChoices).values({
    userId,
    enabled: options.enabled ?? true,
    sendHour: options.sendHour ?? null,
    chosenAt: clock.now(),
  });
  return userId;
}

function recordingMailer(options: { delayMs?: number; fail?: (message: MailMessage) => Error | null } = {}) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    isDevMailbox: false,
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const failure = options.fail?.(message);
      if (failure) throw failure;
      sent.push(message);
    },
  };
  return { mailer, sent };
}

function sender(mailer: Mailer, now = clock.now, counters = createReminderCounters(new Registry())) {
  return createReminderSender({
    db,
    mailer,
    settings,
    checkIn: economy.checkIn,
    now,
    publicUrl: "https://arcana.example",
    brand: { siteName: "Moonhouse", footer: null },
    tokens: createUnsubscribeTokens("test-session-secret-for-reminders-0123456789"),
    logger: pino({ level: "silent" }),
    counters,
  });
}

async function jobOf(userId: string) {
  const [job] = await db
    .select()
    .from(reminderJobs)
    .where(and(eq(reminderJobs.userId, userId), eq(reminderJobs.day, today)));
  return job;
}

/** Runs with the clock at `hour`:00 GMT today. */
const at = (hour: number) => () => new Date(today * DAY_MS + hour * 3_600_000);

describe("planning: who gets a reminder today", () => {
  it("queues opted-in members with a streak who have not checked in, from their hour on; nobody else", async () => {
    const due = await memberAtRisk("plan-due@example.com");
    const early = await memberAtRisk("plan-early@example.com", { sendHour: 9 });
    const late = await memberAtRisk("plan-late@example.com", { sendHour: 22 });
    const checked = await memberAtRisk("plan-checked@example.com");
    await checkedIn(checked, today, 4);
    const broken = await createMemberRow(db, "plan-broken@example.com");
    await checkedIn(broken, today - 2, 5);
    await db.insert(reminderChoices).values({ userId: broken, enabled: true, chosenAt: clock.now() });
    const off = await memberAtRisk("plan-off@example.com", { enabled: false });
    const never = await createMemberRow(db, "plan-never@example.com");
    await checkedIn(never, today - 1, 1);
    const bounced = await memberAtRisk("plan-bounced@example.com");
    await db.update(reminderChoices).set({ undeliverableAt: clock.now() }).where(eq(reminderChoices.userId, bounced));

    const { mailer } = recordingMailer();
    expect(await sender(mailer, at(12)).plan()).toBe(1);
    expect(await jobOf(early)).toMatchObject({ status: "queued", streak: 3 });
    expect(await jobOf(due)).toBeUndefined();

    expect(await sender(mailer, at(20)).plan()).toBe(1);
    expect(await jobOf(due)).toMatchObject({ status: "queued", streak: 3 });
    for (const userId of [late, checked, broken, off, never, bounced]) expect(await jobOf(userId)).toBeUndefined();

    // Planned again (another server, the next pass): nothing new.
    expect(await sender(mailer, at(20)).plan()).toBe(0);
    expect(await sender(mailer, at(22)).plan()).toBe(1);
    expect(await jobOf(late)).toMatchObject({ status: "queued" });
    // --now and --min-streak: everyone due, whatever the hour, above another minimum.
    const short = await memberAtRisk("plan-short@example.com", { streak: 1, sendHour: 23 });
    expect(await sender(mailer, at(12)).plan({ ignoreHour: true, minStreak: 2 })).toBe(0);
    expect(await sender(mailer, at(12)).plan({ ignoreHour: true })).toBe(1);
    expect(await jobOf(short)).toMatchObject({ status: "queued", streak: 1 });
  });
});

describe("sending", () => {
  it("sends one e-mail in the member's language under the operator's brand, with the streak, the points, the links and the unsubscribe headers", async () => {
    const userId = await memberAtRisk("send-ko@example.com", { streak: 7 });
    await db.update(users).set({ language: "ko" }).where(eq(users.id, userId));
    const { mailer, sent } = recordingMailer();
    const run = await sender(mailer, at(20)).run();
    expect(run).toMatchObject({ queued: 1, sent: 1, skipped: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    const [mail] = sent as [MailMessage];
    expect(mail.to).toBe("send-ko@example.com");
    expect(mail.subject).toBe("Moonhouse의 7일 연속 출석이 00:00 GMT에 끊깁니다");
    const points = checkInPoints(economy.checkIn, 8);
    expect(mail.text).toContain(`${points}포인트`);
    expect(mail.text).toContain(`${checkInPoints(economy.checkIn, 1)}포인트`);
    expect(mail.text).toContain("https://arcana.example/");
    expect(mail.html).toContain('<html lang="ko">');
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<https://arcana\\.example/api/reminders/unsubscribe\\?token=${userId}\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(mail.text).toMatch(new RegExp(`https://arcana\\.example/reminders/unsubscribe\\?token=${userId}\\.`));
    expect(await jobOf(userId)).toMatchObject({ status: "sent", attempts: 1 });
    // The same Message-ID whenever this reminder is handed over (after a crash, a second copy is the same message).
    expect(mail.messageId).toBe(`<reminder.${gmtDayNumber(at(20)())}.${userId}@arcana.example>`);

    // The next passes of the day send nothing more.
    expect(await sender(mailer, at(21)).run()).toMatchObject({ queued: 0, sent: 0 });
    expect(sent).toHaveLength(1);
  });

  it("sends none to a member who checks in, or turns reminders off, after the reminder was queued", async () => {
    const checks = await memberAtRisk("recheck-in@example.com");
    const turns = await memberAtRisk("recheck-off@example.com");
    const { mailer, sent } = recordingMailer();
    const s = sender(mailer, at(20));
    expect(await s.plan()).toBe(2);
    await checkedIn(checks, today, 4);
    await db.update(reminderChoices).set({ enabled: false }).where(eq(reminderChoices.userId, turns));
    expect(await s.sendDue()).toMatchObject({ sent: 0, skipped: 2 });
    expect(sent).toEqual([]);
    expect(await jobOf(checks)).toMatchObject({ status: "skipped", reason: "checked_in" });
    expect(await jobOf(turns)).toMatchObject({ status: "skipped", reason: "turned_off" });
  });

  it("retries a temporary failure with backoff, and stops reminding an address the mail server refuses for good", async () => {
    const flaky = await memberAtRisk("flaky@example.com");
    const gone = await memberAtRisk("gone@example.com");
    let failOnce = true;
    const { mailer, sent } = recordingMailer({
      fail: (message) => {
        if (message.to === "gone@example.com") return new MailUndeliverableError(message.to, 550, "5.1.1 no such user");
        if (message.to === "flaky@example.com" && failOnce) {
          failOnce = false;
          return new Error("connect ECONNREFUSED");
        }
        return null;
      },
    });
    const registry = new Registry();
    const counters = createReminderCounters(registry);
    expect(await sender(mailer, at(20), counters).run()).toMatchObject({
      queued: 2,
      sent: 0,
      retrying: 1,
      undeliverable: 1,
    });
    expect(await jobOf(flaky)).toMatchObject({ status: "queued", attempts: 1, reason: "connect ECONNREFUSED" });
    expect(await jobOf(gone)).toMatchObject({ status: "undeliverable" });
    const [choice] = await db.select().from(reminderChoices).where(eq(reminderChoices.userId, gone));
    expect(choice?.undeliverableAt).not.toBeNull();
    // Before the backoff ends nothing is retried; after it, the reminder goes out.
    expect(await sender(mailer, () => new Date(at(20)().getTime() + 30_000), counters).sendDue()).toMatchObject({
      sent: 0,
    });
    expect(await sender(mailer, () => new Date(at(20)().getTime() + 61_000), counters).sendDue()).toMatchObject({
      sent: 1,
    });
    expect(sent.map((message) => message.to)).toEqual(["flaky@example.com"]);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/arcana_reminders_sent_total 1/);
    expect(metrics).toMatch(/arcana_reminders_failed_total\{outcome="undeliverable"\} 1/);
    expect(metrics).toMatch(/arcana_reminders_failed_total\{outcome="retrying"\} 1/);
  });

  it("skips yesterday's jobs that were never sent: that streak has ended", async () => {
    const userId = await memberAtRisk("stale@example.com");
    await db.insert(reminderJobs).values({
      userId,
      day: today - 1,
      status: "queued",
      streak: 2,
      nextAttemptAt: new Date((today - 1) * DAY_MS),
      createdAt: new Date((today - 1) * DAY_MS),
    });
    const { mailer, sent } = recordingMailer();
    await sender(mailer, at(9)).sendDue();
    expect(sent).toEqual([]);
    const [job] = await db
      .select()
      .from(reminderJobs)
      .where(and(eq(reminderJobs.userId, userId), eq(reminderJobs.day, today - 1)));
    expect(job).toMatchObject({ status: "skipped", reason: "day_over" });
  });

  it("two servers sending at once send each reminder exactly once", async () => {
    const members: string[] = [];
    for (let i = 0; i < 12; i++) members.push(await memberAtRisk(`race-${i}@example.com`));
    const mails = recordingMailer({ delayMs: 20 });
    const first = sender(mails.mailer, at(20));
    const second = sender(mails.mailer, at(20));
    const [a, b] = await Promise.all([first.run(), second.run()]);
    expect(a.queued + b.queued).toBe(12);
    expect(a.sent + b.sent).toBe(12);
    const addresses = mails.sent.map((message) => message.to).sort();
    expect(addresses).toEqual(members.map((_, i) => `race-${i}@example.com`).sort());
    expect(new Set(addresses).size).toBe(12);
    const again = await Promise.all([first.run(), second.run()]);
    expect(again.map((run) => run.sent)).toEqual([0, 0]);
    expect(mails.sent).toHaveLength(12);
  });

  it("claims again a job whose server died mid-send once its lease has run out", async () => {
    const userId = await memberAtRisk("lease@example.com");
    const { mailer, sent } = recordingMailer();
    await sender(mailer, at(20)).plan();
    // A server claimed it and died: the job is `sending` with a lease.
    await db
      .update(reminderJobs)
      .set({ status: "sending", attempts: 1, leaseUntil: new Date(at(20)().getTime() + 600_000) })
      .where(eq(reminderJobs.userId, userId));
    expect(await sender(mailer, at(20)).sendDue()).toMatchObject({ sent: 0 });
    expect(await sender(mailer, () => new Date(at(20)().getTime() + 601_000)).sendDue()).toMatchObject({ sent: 1 });
    expect(sent.map((message) => message.to)).toEqual(["lease@example.com"]);
    expect(sent[0]?.messageId).toBe(reminderMessageId("https://arcana.example", userId, gmtDayNumber(at(20)())));
  });
});

describe("the development mailbox", () => {
  it("keeps a reminder's headers, on /api/dev/mailbox and on the /dev/mailbox page", async () => {
    await memberAtRisk("mailbox-headers@example.com");
    const run = await t.reminders.run({ ignoreHour: true });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await apiClient(t.app).data(listDevMailboxRoute, { query: { to: "mailbox-headers@example.com" } });
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers["List-Unsubscribe"]).toMatch(/^<http.*\/api\/reminders\/unsubscribe\?token=/);
    expect(mail?.headers["Message-ID"]).toMatch(/^<reminder\.\d+\.[0-9a-f-]{36}@[^>]+>$/);
    const page = await (await t.app.request("/dev/mailbox")).text();
    expect(page).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});
