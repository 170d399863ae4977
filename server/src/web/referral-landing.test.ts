import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, productionEnv, signInByCode } from "../test/app.js";
import type { WebFrontend } from "./frontend.js";

// A share link's code reaches the next page even when the visitor leaves the landing page before it hydrates.
const web: WebFrontend = {
  buildId: "test",
  assets: null,
  catalog: async () => null,
  render: async () => new Response("<!DOCTYPE html><html></html>", { headers: { "content-type": "text/html" } }),
};

describe("a share link's landing page", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: productionEnv, web });
  });
  afterAll(() => t.dispose());

  it("keeps the link's code in a cookie the web app reads on the next page, also from the visitor page cache", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request("/?ref=friend-42");
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toBe("arcana_ref=FRIEND-42; Path=/; Max-Age=3600; SameSite=Lax; Secure");
    }
  });

  it("sets nothing for a page without a code or with a code no invite can have", async () => {
    expect((await t.app.request("/")).headers.get("set-cookie")).toBeNull();
    expect((await t.app.request("/?ref=a%3Bb%3Dc")).headers.get("set-cookie")).toBeNull();
    expect((await t.app.request(`/?ref=${"X".repeat(40)}`)).headers.get("set-cookie")).toBeNull();
  });

  it("sets both cookies for a link with a language and a code", async () => {
    // The language is remembered for a choice made on this site (a link from another site only renders in it).
    const res = await t.app.request("/?lang=ja&ref=ABCD", { headers: { "sec-fetch-site": "same-origin" } });
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.some((cookie) => cookie.startsWith("arcana_lang=ja;"))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("arcana_ref=ABCD;"))).toBe(true);
  });
});

describe("a share link opened by a signed-in member", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web });
  });
  afterAll(() => t.dispose());

  it("sets no cookie: the member is asked in the page before a link's code applies to them", async () => {
    const token = await signInByCode(t.app, "member-with-link@example.com");
    const res = await t.app.request("/?ref=ABCD", { headers: { cookie: `arcana_session=${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await t.app.request("/?ref=ABCD")).headers.get("set-cookie")).toMatch(/^arcana_ref=ABCD;/);
  });
});
