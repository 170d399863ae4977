import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";
import { createTestApp, productionEnv, signInByCode } from "../test/app.js";
import { loadBuiltFrontend, webBuildDir } from "./frontend.js";

/**
 * What the first visit to `/` may download before it is interactive, gzip-compressed: issue 17's
 * target, 125 KB. The build is at 124.3 KB, of which the framework chunk (React DOM, React Router
 * and TanStack Query) is 114 KB; Arcana's own first load is the root, the default layout, `/` and
 * the UI kit's parts they show. Dialogs, the account menu, the API client, the stored query cache
 * and the wallet stacks load after first paint or on demand (web/vite.config.ts says how the
 * chunks are cut). A feature that pushes this over the budget loads with its route instead.
 *
 * Raised once, by 0.5 KB to 125.5 (issue 42): the fixes of the daily path that must act on the first paint of `/`
 * itself (the dashboard's buttons disabled until hydration so a first tap is never lost, "Welcome" on a first day,
 * the language switcher inside the phone menu, head preloads kept to the document's own catalogs) took the first load
 * from 124.9 to 125.14 KB; none can load later without bringing back what it fixes.
 */
const FIRST_LOAD_BUDGET_KB = 125.5;

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  // The production build these tests read: `npm run build` exactly as operators run it.
  execFileSync("npm", ["run", "build", "--silent", "-w", "@arcana/web"], {
    cwd: repoRoot,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production" },
  });
  testApp = await createTestApp({ env: productionEnv, web: await loadBuiltFrontend("production") });
}, 180_000);
afterAll(() => testApp?.dispose());

const acceptingCompression = { "accept-encoding": "gzip, br" };

/** The scripts the document of `/` loads before it is interactive (module preloads and imports). */
function firstLoadScripts(html: string): string[] {
  const scripts = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3];
    if (src?.endsWith(".js")) scripts.add(src);
  }
  return [...scripts];
}

describe("the built web app, as `npm run serve` answers it", () => {
  it("sends scripts brotli-compressed to a browser that accepts it, cached for good", async () => {
    const page = await testApp.app.request("/");
    // The largest script of the first load (the framework chunk; the entry itself is a few imports).
    const [entry] = firstLoadScripts(await page.text()).sort(
      (a, b) => statSync(path.join(webBuildDir, "client", b)).size - statSync(path.join(webBuildDir, "client", a)).size,
    );
    expect(entry).toBeDefined();
    const res = await testApp.app.request(entry as string, { headers: acceptingCompression });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const wire = Buffer.from(await res.arrayBuffer());
    const original = readFileSync(path.join(webBuildDir, "client", entry as string));
    expect(wire.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(wire).equals(original)).toBe(true);
  });

  it("sends plain files to a client that accepts no compression", async () => {
    const page = await testApp.app.request("/");
    const [entry] = firstLoadScripts(await page.text());
    const res = await testApp.app.request(entry as string);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(
      Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(webBuildDir, "client", entry as string))),
    ).toBe(true);
  });

  it("renders a page for someone with cookies afresh, its scripts carrying the nonce its CSP allows", async () => {
    const page = await testApp.app.request("/", { headers: { cookie: "wagmi.store=" } });
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(
      page.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(nonce).toBeDefined();
    const html = await page.text();
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  });

  it("sends a visitor who follows a link to a members' page to sign in, then back to the page itself", async () => {
    // A client navigation asks for `<page>.data`; loaders read the page's own address (React Router's `url`).
    for (const path of [
      "/change-password.data?from=menu",
      "/change-password.data?from=menu&_routes=routes%2Fchange-password",
    ]) {
      const answer = await testApp.app.request(path);
      expect(answer.status, path).toBe(202);
      const body = await answer.text();
      expect(body, path).toContain('"redirect","/auth?redirect=%2Fchange-password%3Ffrom%3Dmenu"');
      expect(body, path).not.toContain(".data");
    }
  });

  it("serves visitors one page rendered once, its inline scripts allowed by their hashes", async () => {
    const first = await testApp.app.request("/");
    const second = await testApp.app.request("/");
    const html = await first.text();
    expect(await second.text()).toBe(html);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
    expect(first.headers.get("vary")).toContain("Cookie");
  });

  it("compresses the server-rendered page and API answers", async () => {
    const visitorPage = await testApp.app.request("/", { headers: acceptingCompression });
    expect(visitorPage.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await visitorPage.arrayBuffer())).toString()).toContain("<!DOCTYPE html>");
    const page = await testApp.app.request("/", { headers: { ...acceptingCompression, cookie: "wagmi.store=" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("<!DOCTYPE html>");
    const config = await testApp.app.request("/api/config", { headers: acceptingCompression });
    expect(config.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await config.arrayBuffer())).toString())).toHaveProperty("data");
  });
  it(`keeps the first-load JavaScript of / within ${FIRST_LOAD_BUDGET_KB} KB gzip`, async () => {
    const html = await (await testApp.app.request("/")).text();
    const scripts = firstLoadScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((src) => ({
      src,
      kb: gzipSync(readFileSync(path.join(webBuildDir, "client", src))).length / 1024,
    }));
    const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
    const largest = sizes
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 5)
      .map(({ src, kb }) => `${path.basename(src)} ${kb.toFixed(1)} KB`)
      .join(", ");
    expect(total, `first-load JS of / is ${total.toFixed(1)} KB gzip; largest: ${largest}`).toBeLessThanOrEqual(
      FIRST_LOAD_BUDGET_KB,
    );
  });
});

describe("pages asked with a method they don't have", () => {
  it("finding 8: a POST to a page answers a short 405 page naming the methods, and logs one JSON line", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      web: await loadBuiltFrontend("production"),
      logger: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }),
    });
    try {
      for (const method of ["POST", "PUT", "DELETE"]) {
        lines.length = 0;
        const res = await logged.app.request("/genesis-pass", { method, body: "x=1" });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("GET, HEAD");
        const html = await res.text();
        expect(html).toContain("Method not allowed");
        expect(html).not.toMatch(/Internal Server Error|React Router|Error:/);
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0] as string)).toMatchObject({ method, path: "/genesis-pass", status: 405 });
      }
    } finally {
      await logged.dispose();
    }
  });
});

describe("a member's page", () => {
  let members: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    members = await createTestApp({ web: await loadBuiltFrontend("production") });
    cookie = `arcana_session=${await signInByCode(members.app, "member-pages@example.com")}`;
  });
  afterAll(() => members?.dispose());

  it("finding 12: is private, no-store and varies with the cookie (and the encoding)", async () => {
    for (const headers of [{}, acceptingCompression]) {
      const page = await members.app.request("/", { headers: { ...headers, cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const vary = (page.headers.get("vary") ?? "").split(",").map((name) => name.trim());
      expect(vary).toEqual(expect.arrayContaining(["Accept-Encoding", "Cookie"]));
      await page.arrayBuffer();
    }
  });

  it("carries its dashboard in place, not hidden for a script to reveal", async () => {
    const html = await (await members.app.request("/", { headers: { cookie } })).text();
    // React outlines a large finished Suspense boundary (past 12,800 bytes of page) into a hidden div that its
    // inline script moves in place, throttled to the next frames; the page is sent in one piece, so nothing is.
    expect(html).toContain('data-testid="tasks"');
    expect(html).not.toMatch(/<div hidden id="S:\d+">/);
    expect(html).not.toContain("$RC(");
  });

  it("names its messages as files its head preloads, cached for good, instead of carrying them", async () => {
    const html = await (await members.app.request("/", { headers: { cookie } })).text();
    const hrefs = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    // The root's (the chrome and the members' dialogs) and `/`'s own.
    expect(hrefs).toEqual([
      expect.stringMatching(/^\/i18n\/en\/shell\+error\+modal\+member\.[\w-]{12}\.json$/),
      expect.stringMatching(/^\/i18n\/en\/home\.[\w-]{12}\.json$/),
    ]);
    // The page's data names the files; no message travels in it (a member's `/` carried 30 KB of them).
    expect(html).not.toContain("member.checkIn.streak");
    expect(html.length).toBeLessThan(25_000);
    for (const href of hrefs) {
      const res = await members.app.request(href, { headers: acceptingCompression });
      expect(res.status, href).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("content-encoding")).toBe("gzip");
      const messages = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());
      expect(Object.keys(messages).length).toBeGreaterThan(10);
    }
    const [rootHref = ""] = hrefs;
    const member = JSON.parse(await (await members.app.request(rootHref)).text());
    expect(member["member.checkIn.streak"]).toBe("Current streak");

    // An address an older build named (another hash, the same set) gets this build's messages, not kept.
    const older = await members.app.request(rootHref.replace(/\.[\w-]{12}\.json$/, ".AAAAAAAAAAAA.json"));
    expect(older.status).toBe(200);
    expect(older.headers.get("cache-control")).toBe("no-cache");
    expect(JSON.parse(await older.text())).toEqual(member);
    for (const unknown of [
      "/i18n/xx/home.AAAAAAAAAAAA.json",
      "/i18n/en/nothing.AAAAAAAAAAAA.json",
      "/i18n/en/error+shell.AAAAAAAAAAAA.json",
      "/i18n/en/home+home.AAAAAAAAAAAA.json",
      "/i18n/en/home.json",
      "/i18n/../package.json",
    ]) {
      expect((await members.app.request(unknown)).status, unknown).toBe(404);
    }
  });
});

describe("an operator's brand", () => {
  it("is the name in every page's title, header, footer and data, and Arcana is nowhere", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "arcana-brand-pages-"));
    const brandingFile = path.join(dir, "branding.json");
    writeFileSync(brandingFile, JSON.stringify({ siteName: "Lumen Club", shortName: "Lumen" }));
    const branded = await createTestApp({
      env: { BRANDING_FILE: brandingFile },
      web: await loadBuiltFrontend("production"),
    });
    try {
      const token = await signInByCode(branded.app, "brand-pages@example.com");
      for (const [pathname, cookie] of [
        ["/", null],
        ["/", token],
        ["/genesis-pass", token],
        ["/daily-tarot", null],
        ["/loot-box", token],
        ["/auth", null],
      ] as const) {
        const headers: Record<string, string> = cookie ? { cookie: `arcana_session=${cookie}` } : {};
        const html = await (await branded.app.request(pathname, { headers })).text();
        expect(html, pathname).toMatch(/<title>[^<]*Lumen Club[^<]*<\/title>/);
        expect(html, pathname).toContain(">Lumen Club</span>");
        expect(html, `${pathname}: ${html.match(/.{80}Arcana.{80}/)?.[0]}`).not.toContain("Arcana");
        // Nor in the messages the page names (they say {siteName}).
        for (const [, href = ""] of html.matchAll(/href="(\/i18n\/[^"]+)"/g)) {
          const messages = await (await branded.app.request(href)).text();
          expect(messages, `${href}: ${messages.match(/.{80}Arcana.{80}/)?.[0]}`).not.toContain("Arcana");
        }
      }
    } finally {
      await branded.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
