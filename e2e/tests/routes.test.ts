import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { launchProfileBrowser, watchErrors } from "../src/browser.js";
import { serverAndBrowser } from "../src/harness.js";
import { startServer } from "../src/server.js";

const e2e = serverAndBrowser();

const routes: Array<[path: string, heading: RegExp]> = [
  ["/", /Arcana/],
  ["/app", /Arcana|dashboard/i],
  ["/auth", /Sign in/],
  ["/daily-tarot", /Daily Tarot/],
  ["/genesis-pass", /Genesis Pass/],
  ["/loot-box", /Loot Boxes/],
  ["/playground/sign-message", /Sign a message/],
  ["/_template", /UI kit/],
];

describe("every route", () => {
  for (const [path, heading] of routes) {
    it(`renders ${path} with its heading and no console errors`, async () => {
      const page = await e2e.browser.newPage();
      const errors = watchErrors(page);
      const response = await page.goto(e2e.server.url + path, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").first().textContent()).toMatch(heading);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("sends a visitor from /change-password to sign in, remembering where they were going", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.server.url}/change-password`);
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/change-password");
    await page.close();
  });

  it("is installable by Chromium's own check: its manifest parses with 192, 512 and maskable icons and no error", async () => {
    const profile = mkdtempSync(path.join(tmpdir(), "arcana-e2e-profile-"));
    const context = await launchProfileBrowser(profile);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${e2e.server.url}/`, { waitUntil: "networkidle" });
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.url).toMatch(/manifest/);
      expect(manifest.errors).toEqual([]);
      const icons =
        (JSON.parse(manifest.data ?? "{}") as { icons?: { sizes: string; purpose?: string }[] }).icons ?? [];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(
        expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
      );
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("shows Page Not Found with the path for an unknown page, status 404", async () => {
    const page = await e2e.browser.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${e2e.server.url}/that/path`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Page Not Found");
    expect(await page.textContent("body")).toContain("Page Not Found: /that/path");
    // The browser itself reports the 404 document; nothing else may fail.
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await page.close();
  });
});

describe("/dev/mailbox", () => {
  it("is styled under its own policy (a hash, no 'unsafe-inline') and reads on a 360 px screen", async () => {
    const email = `a-rather-long-mailbox-address-for-a-narrow-screen-${Date.now()}@example.com`;
    await fetch(`${e2e.server.url}/api/send_code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, check_email: true }),
    });
    const page = await e2e.browser.newPage({ viewport: { width: 360, height: 780 } });
    const errors = watchErrors(page);
    const response = await page.goto(`${e2e.server.url}/dev/mailbox`, { waitUntil: "networkidle" });
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/style-src 'sha256-[\w+/=]+'/);
    expect(policy).not.toContain("unsafe-inline");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(13, 11, 26)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("production mode", () => {
  it("does not serve the UI kit page", async () => {
    const production = await startServer({
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-production-secret-0123456789abcdef",
      SIGNER_PRIVATE_KEY: `0x${"22".repeat(32)}`,
      // Required in production; nothing is mailed here.
      SMTP_URL: "smtp://127.0.0.1:9",
      // Production refuses a chain without contracts (made-up addresses: nothing is minted here).
      CHAINS: "opBNBTestnet",
      DEFAULT_CHAIN: "opBNBTestnet",
      OPBNB_TESTNET_RPC_URL: "http://127.0.0.1:1",
      OPBNB_TESTNET_GENESIS_PASS_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      OPBNB_TESTNET_DAILY_ADDRESS: "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8",
    });
    try {
      const response = await fetch(`${production.url}/_template`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
      const home = await fetch(`${production.url}/`);
      expect(home.status).toBe(200);
      // Plain HTTP, no proxy saying HTTPS (TRUST_PROXY is off): no HSTS (RFC 6797 §7.2).
      expect(home.headers.get("strict-transport-security")).toBeNull();

      // A visitor's page comes from memory with a hash-only CSP: its inline scripts must still run.
      for (let visit = 0; visit < 2; visit++) {
        const context = await e2e.browser.newContext();
        const page = await context.newPage();
        const errors = watchErrors(page);
        const response = await page.goto(`${production.url}/`, { waitUntil: "networkidle" });
        expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
        await page.waitForFunction(() => "__reactRouterRouteModules" in window);
        await expect.poll(() => page.locator("h1").first().textContent()).toMatch(/Arcana/);
        expect(errors).toEqual([]);
        await context.close();
      }

      // A visitor's page carries the stylesheet inline, links none, and keeps it through hydration
      // and client navigation; a member's page (any cookie) links it instead.
      const page = await e2e.browser.newPage();
      const errors = watchErrors(page);
      const html = await (await page.goto(`${production.url}/`, { waitUntil: "networkidle" }))?.text();
      expect(html).not.toMatch(/rel="stylesheet"/);
      expect(html).toMatch(/<style data-inline-styles="">[\s\S]{1000,}?<\/style>/);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const styled = () =>
        page.evaluate(() => ({
          inline: document.querySelector("style[data-inline-styles]")?.textContent?.length ?? 0,
          linked: document.querySelectorAll('link[rel="stylesheet"]').length,
          // The header is a flex row only when the app's stylesheet applies.
          header: getComputedStyle(document.querySelector("header > div") as Element).display,
        }));
      expect(await styled()).toEqual({ inline: expect.any(Number), linked: 0, header: "flex" });
      expect((await styled()).inline).toBeGreaterThan(1000);
      await page.getByRole("link", { name: "Genesis Pass" }).first().click();
      await expect.poll(() => page.locator("h1").first().textContent()).toMatch(/Genesis Pass/);
      expect((await styled()).inline).toBeGreaterThan(1000);
      expect(errors).toEqual([]);
      await page.close();
      const memberPage = await (await fetch(`${production.url}/`, { headers: { cookie: "theme=dark" } })).text();
      expect(memberPage).toMatch(/<style data-inline-styles=""><\/style>/);
      expect(memberPage).toMatch(/<link[^>]+rel="stylesheet"/);
    } finally {
      await production.stop();
    }
  });
});
