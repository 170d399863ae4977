import { describe, expect, it } from "vitest";
import { createVisitorPages, inlineScriptHashes, isVisitorRequest } from "./visitor-pages.js";

function counter(status = 200) {
  let renders = 0;
  return {
    render: async () => {
      renders += 1;
      return new Response(`<html><script>window.n=${renders}</script></html>`, { status });
    },
    renders: () => renders,
  };
}

describe("visitor pages", () => {
  it("renders a page once for concurrent visitors, again once it is older than the TTL", async () => {
    let clock = 0;
    const pages = createVisitorPages({ ttlMs: 5_000, maxPages: 10, now: () => clock });
    const page = counter();
    await Promise.all([1, 2, 3].map(() => pages.page("http://x/", page.render)));
    expect(page.renders()).toBe(1);
    clock = 4_999;
    await pages.page("http://x/", page.render);
    expect(page.renders()).toBe(1);
    clock = 5_000;
    const fresh = await pages.page("http://x/", page.render);
    expect(page.renders()).toBe(2);
    expect(fresh).not.toBeInstanceOf(Response);
    if (!(fresh instanceof Response)) expect(fresh.html).toContain("window.n=2");
  });

  it("keeps no error page: each one renders again and goes out as rendered", async () => {
    const pages = createVisitorPages({ ttlMs: 5_000, maxPages: 10, now: () => 0 });
    const missing = counter(404);
    const first = await pages.page("http://x/nope", missing.render);
    await pages.page("http://x/nope", missing.render);
    expect(missing.renders()).toBe(2);
    expect(first).toBeInstanceOf(Response);
    if (first instanceof Response) expect(first.status).toBe(404);
  });

  it("counts only cookie-less, credential-less GETs as visitors", () => {
    expect(isVisitorRequest(new Request("http://x/"))).toBe(true);
    expect(isVisitorRequest(new Request("http://x/", { headers: { cookie: "a=b" } }))).toBe(false);
    // The language cookie alone keeps a visitor a visitor: pages are kept per language.
    expect(isVisitorRequest(new Request("http://x/", { headers: { cookie: "arcana_lang=ko" } }))).toBe(true);
    expect(isVisitorRequest(new Request("http://x/", { headers: { cookie: "arcana_lang=ko; a=b" } }))).toBe(false);
    expect(isVisitorRequest(new Request("http://x/", { headers: { authorization: "Bearer t" } }))).toBe(false);
    expect(isVisitorRequest(new Request("http://x/", { method: "POST" }))).toBe(false);
  });

  it("hashes inline scripts and leaves out scripts loaded from a file", () => {
    const hashes = inlineScriptHashes('<script src="/a.js"></script><script nonce="n">go()</script>');
    expect(hashes).toEqual(["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]);
  });
});
