import { DAY_MS, getOperatorRemindersRoute, gmtDayNumber } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { reminderChoiceChanges, reminderChoices, reminderJobs } from "../../db/schema.js";
import { loadEconomy } from "../../economy.js";
import { makeOperator } from "../../test/admin.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp, testClock } from "../../test/app.js";
import { createMemberRow, insertCheckIn, signUpMember } from "../../test/members.js";
import { reminderReport } from "./reports.js";
import { createReminderService } from "./service.js";

const economy = loadEconomy();
const settings = { ...economy.reminders, enabled: true };
// 2026-11-22, 12:00 GMT: the window is 2026-10-24 … 2026-11-22.
const clock = testClock();
const today = gmtDayNumber(clock.now());
const HOUR_MS = 3_600_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, economy: { ...economy, reminders: settings } });
  db = t.database.db;
});
afterAll(() => t.dispose());

/** A job of `day`, finished at `hour` GMT with `status`. */
async function job(userId: string, day: number, status: string, hour: number, reason: string | null = null) {
  const finishedAt = new Date(day * DAY_MS + hour * HOUR_MS);
  await db.insert(reminderJobs).values({
    userId,
    day,
    status,
    streak: 3,
    attempts: 1,
    nextAttemptAt: finishedAt,
    reason,
    createdAt: new Date(day * DAY_MS),
    finishedAt,
  });
  return finishedAt;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe("the console's reminder figures (last 30 GMT days)", () => {
  it("counts sent reminders, members who checked in within 6 hours after, and unsubscribes per day", async () => {
    const yesterday = today - 1;
    // Sent at 14:00 yesterday, checked in 2 hours later: counted.
    const quick = await createMemberRow(db, "quick@example.com");
    const quickSent = await job(quick, yesterday, "sent", 14);
    await insertCheckIn(db, quick, yesterday, 4, new Date(quickSent.getTime() + 2 * HOUR_MS));
    // Sent at 14:00 yesterday, checked in 7 hours later (still that day): sent, not counted.
    const late = await createMemberRow(db, "late@example.com");
    const lateSent = await job(late, yesterday, "sent", 14);
    await insertCheckIn(db, late, yesterday, 4, new Date(lateSent.getTime() + 7 * HOUR_MS));
    // Sent at 22:00 yesterday, checked in at 01:00 today (3 hours after, the next GMT day): counted.
    const night = await createMemberRow(db, "night@example.com");
    const nightSent = await job(night, yesterday, "sent", 22);
    await insertCheckIn(db, night, today, 1, new Date(nightSent.getTime() + 3 * HOUR_MS));
    // Checked in before the sending: the sender skips the job (reason checked_in), nothing sent.
    const early = await createMemberRow(db, "early@example.com");
    await insertCheckIn(db, early, yesterday, 4, new Date(yesterday * DAY_MS + 9 * HOUR_MS));
    await job(early, yesterday, "skipped", 14, "checked_in");
    // Another member's check-in an hour after someone else's reminder says nothing about theirs.
    const silent = await createMemberRow(db, "silent@example.com");
    await job(silent, yesterday, "sent", 14);
    // Failed and undeliverable jobs were not sent.
    await job(silent, today - 2, "failed", 14, "timeout");
    await job(early, today - 2, "undeliverable", 14, "550");
    // Sent today, the check-in not yet: not counted (yet).
    await job(quick, today, "sent", 10);
    // Outside the window: 30 days ago.
    await job(quick, today - 30, "sent", 14);
    await insertCheckIn(db, quick, today - 30, 1, new Date((today - 30) * DAY_MS + 15 * HOUR_MS));

    // Unsubscribes: through the service, on different days; turning off twice, or on again, is one unsubscribe that day.
    const service = createReminderService({ db, settings, now: clock.now });
    const at = (day: number, hour: number) => () => new Date(day * DAY_MS + hour * HOUR_MS);
    const on = (userId: string, now: () => Date) =>
      createReminderService({ db, settings, now }).choose(userId, { enabled: true });
    const off = (userId: string, now: () => Date) =>
      createReminderService({ db, settings, now }).choose(userId, { enabled: false });
    await on(quick, at(today - 5, 8));
    await on(late, at(today - 5, 8));
    await on(silent, at(today - 5, 8));
    await off(late, at(today - 3, 9));
    await off(late, at(today - 3, 10));
    await off(silent, at(yesterday, 9));
    await on(silent, at(yesterday, 10));
    await off(silent, at(yesterday, 11));
    await off(quick, at(yesterday, 12));
    // Never on: choosing off is no unsubscribe.
    await off(night, at(yesterday, 13));
    expect(await service.settingsOf(quick)).toMatchObject({ enabled: false });
    // The address refused for good, reminders still on: undeliverable now.
    await on(night, at(today, 1));
    await db.update(reminderChoices).set({ undeliverableAt: clock.now() });

    const report = await reminderReport(db, { enabled: true, now: clock.now() });
    expect(report.days).toHaveLength(30);
    expect(report.days[0]?.date).toBe(dateOf(today - 29));
    expect(report.days.at(-1)?.date).toBe(dateOf(today));
    const of = (day: number) => report.days.find((d) => d.date === dateOf(day));
    expect(of(yesterday)).toEqual({ date: dateOf(yesterday), sent: 4, checked_in_within_6h: 2, unsubscribes: 2 });
    expect(of(today)).toEqual({ date: dateOf(today), sent: 1, checked_in_within_6h: 0, unsubscribes: 0 });
    expect(of(today - 2)).toEqual({ date: dateOf(today - 2), sent: 0, checked_in_within_6h: 0, unsubscribes: 0 });
    expect(of(today - 3)).toEqual({ date: dateOf(today - 3), sent: 0, checked_in_within_6h: 0, unsubscribes: 1 });
    expect(report.total).toEqual({ sent: 5, checked_in_within_6h: 2, unsubscribes: 3 });
    // Only the member whose reminders are on counts as undeliverable now (the others turned them off).
    expect(report.undeliverable).toBe(1);
    expect(report.enabled).toBe(true);

    // Each on/off change is kept with its time; a repeated "off" adds nothing.
    const changes = await db.select().from(reminderChoiceChanges);
    expect(changes.filter((c) => c.userId === late).map((c) => c.enabled)).toEqual([true, false]);
    expect(changes.filter((c) => c.userId === night).map((c) => c.enabled)).toEqual([true]);
  });

  it("is the operator's GET /operator/reminders, refused to a member", async () => {
    const api = apiClient(t.app);
    const operator = await signUpMember(t, "operator@example.com");
    const member = await signUpMember(t, "member@example.com");
    await makeOperator(db, "operator@example.com");
    const answer = await api.data(getOperatorRemindersRoute, { auth: operator.auth });
    expect(answer).toEqual(await reminderReport(db, { enabled: true, now: clock.now() }));
    expect(answer.total.sent).toBe(5);
    expect((await api.call(getOperatorRemindersRoute, { auth: member.auth })).status).toBe(403);
  });
});
