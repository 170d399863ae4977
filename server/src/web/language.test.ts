import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveLanguage } from "../http/language.js";
import { createTestApp, productionEnv } from "../test/app.js";
import type { WebFrontend } from "./frontend.js";

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("the language of a page", () => {
  it("takes ?lang=, then the language cookie, then the account, then Accept-Language, then English", () => {
    const all = { cookie: "arcana_lang=ja", "accept-language": "tr-TR,tr;q=0.9" };
    expect(resolveLanguage(request("http://x/?lang=ko", all), "vi")).toBe("ko");
    expect(resolveLanguage(request("http://x/", all), "vi")).toBe("ja");
    expect(resolveLanguage(request("http://x/", { "accept-language": "tr" }), "vi")).toBe("vi");
    expect(resolveLanguage(request("http://x/", { "accept-language": "fr;q=0.9, zh-CN;q=0.8" }))).toBe("zh-CN");
    expect(resolveLanguage(request("http://x/", { "accept-language": "fr" }))).toBe("en");
    expect(resolveLanguage(request("http://x/?lang=xx", { cookie: "arcana_lang=nope" }))).toBe("en");
  });
});

describe("visitor pages in production", () => {
  let renders: string[] = [];
  // The web app's stand-in: its page says which language the server asked it to render in.
  const web: WebFrontend = {
    buildId: "test",
    assets: null,
    catalog: async () => null,
    render: async (_request, context) => {
      renders.push(context.language);
      return new Response(`<!DOCTYPE html><html lang="${context.language}"></html>`, {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
  };
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: productionEnv, web });
  });
  afterAll(() => t.dispose());

  const htmlLang = async (res: Response) => /lang="([^"]+)"/.exec(await res.text())?.[1];

  it("are kept per language: a cached page is never served in another language", async () => {
    renders = [];
    const chinese = { "accept-language": "zh-CN,zh;q=0.9" };
    expect(await htmlLang(await t.app.request("/genesis-pass", { headers: chinese }))).toBe("zh-CN");
    expect(await htmlLang(await t.app.request("/genesis-pass", { headers: { "accept-language": "ko" } }))).toBe("ko");
    expect(await htmlLang(await t.app.request("/genesis-pass"))).toBe("en");
    expect(await htmlLang(await t.app.request("/genesis-pass", { headers: chinese }))).toBe("zh-CN");
    const cookie = await t.app.request("/genesis-pass", { headers: { cookie: "arcana_lang=ja", ...chinese } });
    expect(await htmlLang(cookie)).toBe("ja");
    expect(cookie.headers.get("vary")).toContain("Accept-Language");
    // One render per language; the second Chinese visitor got the kept page.
    expect(renders).toEqual(["zh-CN", "ko", "en", "ja"]);
  });

  it("remember a language asked for with ?lang= on our own pages in the language cookie", async () => {
    const res = await t.app.request("/loot-box?lang=vi", { headers: { "sec-fetch-site": "same-origin" } });
    expect(await htmlLang(res)).toBe("vi");
    expect(res.headers.get("set-cookie")).toMatch(/^arcana_lang=vi; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const plain = await t.app.request("/loot-box");
    expect(plain.headers.get("set-cookie")).toBeNull();
  });

  it("render another site's ?lang= link in its language without remembering it", async () => {
    const crossSite = await t.app.request("/loot-box?lang=tr", { headers: { "sec-fetch-site": "cross-site" } });
    expect(await htmlLang(crossSite)).toBe("tr");
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });
});
