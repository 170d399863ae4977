import { getMyProfileRoute, listDevMailboxRoute, sendSignInCodeRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../test/api-client.js";
import { createTestApp, signInByCode, testClock } from "../test/app.js";
import type { WebFrontend } from "./frontend.js";

// The web app's stand-in: its page says which language the server asked it to render in.
const web: WebFrontend = {
  buildId: "test",
  assets: null,
  catalog: async () => null,
  render: async (_request, context) =>
    new Response(`<!DOCTYPE html><html lang="${context.language}"></html>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    }),
};

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, web });
});
afterAll(() => t.dispose());

// Pages are asked for by their paths (they are not API routes); the API through the route table.
const api = () => apiClient(t.app);
const htmlLang = async (res: Response) => /lang="([^"]+)"/.exec(await res.text())?.[1];
const profile = (token: string) => api().data(getMyProfileRoute, { auth: { authorization: `Bearer ${token}` } });
/** What a browser sends with the switcher's form on one of our pages. */
const ourPage = { "sec-fetch-site": "same-origin" };
const latestMail = async (email: string) => (await api().data(listDevMailboxRoute, { query: { to: email } }))[0];

describe("the member's language on their account", () => {
  it("is saved when a signed-in member chooses one, and used on a new device without the cookie", async () => {
    const token = await signInByCode(t.app, "polyglot@example.com");
    expect((await profile(token)).language).toBeNull();
    const session = { cookie: `arcana_session=${token}` };

    const chosen = await t.app.request("/?lang=ko", { headers: { ...session, ...ourPage } });
    expect(await htmlLang(chosen)).toBe("ko");
    expect(chosen.headers.get("set-cookie")).toMatch(/^arcana_lang=ko;/);
    expect((await profile(token)).language).toBe("ko");

    // Another device: signed in afresh, no language cookie, a browser asking for Turkish.
    clock.advance(61_000);
    const other = await signInByCode(t.app, "polyglot@example.com");
    const turkishBrowser = { "accept-language": "tr-TR,tr;q=0.9" };
    const page = await t.app.request("/daily-tarot", {
      headers: { cookie: `arcana_session=${other}`, ...turkishBrowser },
    });
    expect(await htmlLang(page)).toBe("ko");
    // The switcher's cookie on that device still wins, and a visitor gets their browser's language.
    const withCookie = { cookie: `arcana_session=${other}; arcana_lang=ja`, ...turkishBrowser };
    expect(await htmlLang(await t.app.request("/daily-tarot", { headers: withCookie }))).toBe("ja");
    expect(await htmlLang(await t.app.request("/daily-tarot", { headers: turkishBrowser }))).toBe("tr");
    // Pages read with a cookie or a browser language leave the account's choice alone.
    expect((await profile(other)).language).toBe("ko");
  });

  it("writes the sign-in e-mail of an account with a language in it, whatever the request asks", async () => {
    const token = await signInByCode(t.app, "vietnamese@example.com");
    await t.app.request("/?lang=vi", { headers: { authorization: `Bearer ${token}`, ...ourPage } });
    expect((await profile(token)).language).toBe("vi");

    clock.advance(61_000);
    const sent = await api().call(sendSignInCodeRoute, {
      body: { email: "vietnamese@example.com" },
      auth: { "accept-language": "ja" },
    });
    expect(sent.status).toBe(200);
    const mail = await latestMail("vietnamese@example.com");
    expect(mail?.subject).toMatch(/^\d{6} là mã đăng nhập Arcana của bạn$/);
    expect(mail?.text).toContain("Mã hết hạn sau 10 phút");

    // An address without an account (or without a language) still gets the request's language.
    await api().call(sendSignInCodeRoute, {
      body: { email: "newcomer@example.com" },
      auth: { "accept-language": "ja" },
    });
    expect((await latestMail("newcomer@example.com"))?.text).toContain("有効期限は 10 分");
  });

  it("is left alone by another site's ?lang= link, which only renders the page in that language", async () => {
    const token = await signInByCode(t.app, "targeted@example.com");
    const session = { cookie: `arcana_session=${token}` };
    await t.app.request("/?lang=ja", { headers: { ...session, ...ourPage } });
    expect((await profile(token)).language).toBe("ja");

    // A top-level link from another site: the browser says so, or (an older one) names no referrer of ours.
    const foreignRequests: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
      {},
    ];
    for (const foreign of foreignRequests) {
      const page = await t.app.request("/?lang=tr", { headers: { ...session, ...foreign } });
      expect(await htmlLang(page), JSON.stringify(foreign)).toBe("tr");
      expect(page.headers.get("set-cookie"), JSON.stringify(foreign)).toBeNull();
      expect((await profile(token)).language, JSON.stringify(foreign)).toBe("ja");
    }
    // An address the member typed or bookmarked is their own choice, and so is, without
    // Sec-Fetch-Site, a page whose Referer is ours.
    const typed = await t.app.request("/?lang=ko", { headers: { ...session, "sec-fetch-site": "none" } });
    expect(typed.headers.get("set-cookie")).toMatch(/^arcana_lang=ko;/);
    expect((await profile(token)).language).toBe("ko");
    const referred = await t.app.request("/?lang=vi", { headers: { ...session, referer: "http://localhost/app" } });
    expect(referred.headers.get("set-cookie")).toMatch(/^arcana_lang=vi;/);
    expect((await profile(token)).language).toBe("vi");
  });
});
