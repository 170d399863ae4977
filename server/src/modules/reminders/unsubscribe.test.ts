import {
  getMyRemindersRoute,
  resubscribeRemindersRoute,
  setMyRemindersRoute,
  unsubscribeRemindersRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderChoices, users } from "../../db/schema.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp, economyWithReminders, signInByCode, testClock } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";
import { createUnsubscribeTokens } from "./unsubscribe-token.js";

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
let tokens: ReturnType<typeof createUnsubscribeTokens>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, economy: economyWithReminders() });
  api = apiClient(t.app);
  tokens = createUnsubscribeTokens(t.config.sessionSecret, t.config.previousSessionSecret);
});
afterAll(() => t.dispose());

async function optedIn(email: string) {
  const member = await signUpMember(t, email);
  await api.data(setMyRemindersRoute, { body: { enabled: true }, auth: member.auth });
  return member;
}

describe("POST /api/reminders/unsubscribe: RFC 8058 one-click, no session", () => {
  it("answers 200 and turns the token's member's reminders off, with the body mailbox providers send", async () => {
    const member = await optedIn("one-click@example.com");
    const token = tokens.sign(member.userId);
    const res = await t.app.request(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { enabled: false } });
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: false });
    // Again: still 200, still off.
    expect(await api.data(unsubscribeRemindersRoute, { query: { token } })).toEqual({ enabled: false });
  });

  it("refuses a tampered token or one signed for another member (400) and changes nothing", async () => {
    const member = await optedIn("tampered@example.com");
    const other = await optedIn("other@example.com");
    const signature = tokens.sign(member.userId).split(".")[1] ?? "";
    for (const token of [
      `${other.userId}.${signature}`,
      `${member.userId}.${signature.slice(0, -2)}AA`,
      createUnsubscribeTokens("not-this-servers-secret-0123456789abcdef").sign(member.userId),
      "junk",
    ]) {
      const res = await api.unchecked(unsubscribeRemindersRoute, { query: { token } });
      expect(res.status, token).toBe(400);
      expect(await errorCode(res)).toBe("bad_request");
    }
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: true });
    expect(await api.data(getMyRemindersRoute, { auth: other.auth })).toMatchObject({ enabled: true });
  });

  it("turns them back on from the same link (POST /api/reminders/resubscribe)", async () => {
    const member = await optedIn("back-on@example.com");
    const token = tokens.sign(member.userId);
    await api.data(unsubscribeRemindersRoute, { query: { token } });
    expect(await api.data(resubscribeRemindersRoute, { query: { token } })).toEqual({ enabled: true });
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: true });
  });
});

describe("GET /reminders/unsubscribe: the page in the member's language", () => {
  it("shows the state without changing it, stops reminders with its button and offers to turn them back on", async () => {
    const member = await optedIn("page@example.com");
    await t.database.db.update(users).set({ language: "ja" }).where(eq(users.id, member.userId));
    const path = `/reminders/unsubscribe?token=${encodeURIComponent(tokens.sign(member.userId))}`;

    const shown = await t.app.request(path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-security-policy")).toContain("form-action 'self'");
    const page = await shown.text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain("連続記録のリマインダーはオンです");
    expect(page).toContain('action="/reminders/unsubscribe?token=');
    // A link scanner's GET changed nothing.
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: true });

    const stopped = await (await t.app.request(path, { method: "POST" })).text();
    expect(stopped).toContain("連続記録のリマインダーは今後届きません");
    expect(stopped).toContain("リマインダーを再びオンにする");
    expect(stopped).toContain('action="/reminders/resubscribe?token=');
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: false });

    const again = await (await t.app.request(path.replace("/unsubscribe", "/resubscribe"), { method: "POST" })).text();
    expect(again).toContain("連続記録のリマインダーはオンです");
    expect(await api.data(getMyRemindersRoute, { auth: member.auth })).toMatchObject({ enabled: true });
  });

  it("says a link that is not ours does not work (400), in English", async () => {
    const res = await t.app.request("/reminders/unsubscribe?token=forged.token");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This link does not work");
    const post = await t.app.request("/reminders/unsubscribe?token=forged.token", { method: "POST" });
    expect(post.status).toBe(400);
  });
});

describe("an address the mail server refused", () => {
  it("gets reminders again once the member signs in with a code mailed to it", async () => {
    const member = await optedIn("bounced-back@example.com");
    const refused = () =>
      t.database.db
        .select({ at: reminderChoices.undeliverableAt })
        .from(reminderChoices)
        .where(eq(reminderChoices.userId, member.userId));
    await t.database.db
      .update(reminderChoices)
      .set({ undeliverableAt: clock.now() })
      .where(eq(reminderChoices.userId, member.userId));
    expect((await refused())[0]?.at).not.toBeNull();
    clock.advance(120_000);
    await signInByCode(t.app, "bounced-back@example.com");
    expect((await refused())[0]?.at).toBeNull();
  });
});
