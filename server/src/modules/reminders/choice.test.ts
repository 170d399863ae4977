import { getMyRemindersRoute, setMyRemindersRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEconomy, reminderDefaults } from "../../economy.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp, economyWithReminders, testClock } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, economy: economyWithReminders() });
  api = apiClient(t.app);
});
afterAll(() => t.dispose());

describe("/api/users/mine/reminders: streak reminders are opt-in, stored with the time of the choice", () => {
  it("starts off and never asked; turning them on stores the choice and its time; another hour is kept until changed", async () => {
    const member = await signUpMember(t, "habit@example.com");
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toEqual({
      available: true,
      enabled: false,
      send_hour: null,
      default_send_hour: 20,
      chosen_at: null,
    });

    const on = await api.data(setMyRemindersRoute, { body: { enabled: true }, auth: member.auth });
    expect(on).toMatchObject({ enabled: true, send_hour: null, chosen_at: clock.now().toISOString() });

    clock.advance(60_000);
    await api.data(setMyRemindersRoute, { body: { enabled: true, send_hour: 18 }, auth: member.auth });
    clock.advance(60_000);
    const off = await api.data(setMyRemindersRoute, { body: { enabled: false }, auth: member.auth });
    expect(off).toMatchObject({ enabled: false, send_hour: 18, chosen_at: clock.now().toISOString() });
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toEqual(off);
  });

  it("refuses an hour outside 0–23 with 400 and needs a session", async () => {
    const member = await signUpMember(t, "hours@example.com");
    for (const send_hour of [24, -1, 20.5]) {
      const res = await api.unchecked(setMyRemindersRoute, { body: { enabled: true, send_hour }, auth: member.auth });
      expect(res.status, String(send_hour)).toBe(400);
    }
    expect((await api.data(getMyRemindersRoute, { auth: member.auth })).chosen_at).toBeNull();
    const anonymous = await api.call(setMyRemindersRoute, { body: { enabled: true } });
    expect(anonymous.status).toBe(401);
  });
});

describe("the operator's site-wide switch (economy file reminders.enabled)", () => {
  it("is on in the shipped economy file and when the section is absent: reminders are sent (issue 44)", () => {
    expect(loadEconomy().reminders.enabled).toBe(true);
    expect(reminderDefaults.enabled).toBe(true);
  });

  it("when off, nobody can turn reminders on (409 reminders_unavailable) and the account says they are unavailable", async () => {
    const economy = loadEconomy();
    const off = await createTestApp({
      now: clock.now,
      economy: { ...economy, reminders: { ...economy.reminders, enabled: false } },
    });
    try {
      const offApi = apiClient(off.app);
      const member = await signUpMember(off, "quiet@example.com");
      const res = await offApi.call(setMyRemindersRoute, { body: { enabled: true }, auth: member.auth });
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe("reminders_unavailable");
      expect(await offApi.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({
        available: false,
        enabled: false,
      });
    } finally {
      await off.dispose();
    }
    // A second app (its own database, migrated) inside the test: bounded like the file's own set-up.
  }, 60_000);
});
