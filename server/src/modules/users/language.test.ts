import { getMyProfileRoute, listDevMailboxRoute, sendSignInCodeRoute, setMyLanguageRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp, latestCode, testClock } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  api = apiClient(t.app);
});
afterAll(() => t.dispose());

describe("POST /api/users/mine/language: the member chooses their language", () => {
  it("saves it on the account, remembers it in this browser, and the next sign-in code e-mail is written in it", async () => {
    const member = await signUpMember(t, "seoul@example.com");
    const res = await api.call(setMyLanguageRoute, { body: { language: "ko" }, auth: member.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { language: "ko" } });
    expect(res.headers.get("set-cookie")).toMatch(/^arcana_lang=ko;/);
    expect((await api.data(getMyProfileRoute, { auth: member.auth })).language).toBe("ko");

    // Asked from a browser that prefers English, the code still comes in the account's language.
    clock.advance(61_000);
    await api.call(sendSignInCodeRoute, { body: { email: "seoul@example.com" }, auth: { "accept-language": "en-US" } });
    const mail = (await api.data(listDevMailboxRoute, { query: { to: "seoul@example.com" } }))[0];
    expect(mail?.subject).toMatch(/^\d{6} /);
    expect(mail?.subject).toContain(await latestCode(t.app, "seoul@example.com"));
    expect(mail?.subject).toMatch(/\p{Script=Hangul}/u);

    // Choosing again replaces it.
    await api.data(setMyLanguageRoute, { body: { language: "zh-CN" }, auth: member.auth });
    expect((await api.data(getMyProfileRoute, { auth: member.auth })).language).toBe("zh-CN");
  });

  it("refuses a language Arcana does not speak with 400 unsupported_language, and changes nothing", async () => {
    const member = await signUpMember(t, "lyon@example.com");
    await api.data(setMyLanguageRoute, { body: { language: "ja" }, auth: member.auth });
    for (const language of ["fr", "zh", "KO-kr", "", "en; DROP TABLE users"]) {
      const res = await api.unchecked(setMyLanguageRoute, { body: { language }, auth: member.auth });
      expect(res.status, language).toBe(400);
      expect(await errorCode(res), language).toBe("unsupported_language");
    }
    const missing = await api.unchecked(setMyLanguageRoute, { body: {}, auth: member.auth });
    expect(missing.status).toBe(400);
    expect((await api.data(getMyProfileRoute, { auth: member.auth })).language).toBe("ja");
  });

  it("needs a signed-in member: 401 without a session, 403 for a cookie write from another site", async () => {
    const anonymous = await api.call(setMyLanguageRoute, { body: { language: "ko" } });
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe("unauthenticated");
    expect(anonymous.headers.get("set-cookie")).toBeNull();

    const member = await signUpMember(t, "cookie@example.com");
    const token = member.auth.authorization.replace("Bearer ", "");
    const foreign = await api.call(setMyLanguageRoute, {
      body: { language: "ko" },
      auth: { cookie: `arcana_session=${token}`, origin: "https://elsewhere.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await errorCode(foreign)).toBe("foreign_origin");
    expect((await api.data(getMyProfileRoute, { auth: member.auth })).language).toBeNull();
  });
});
