import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProduction } from "../src/production.js";
import { repoRoot } from "../src/server.js";

/** What `du -s` says the folder takes on disk, in MB. */
function diskMegabytes(dir: string): number {
  const kilobytes = Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split("\t")[0]);
  return Math.round(kilobytes / 1024);
}

// The production folder `npm run build` writes (scripts/build-production.mjs, decision 0031), built again into a
// scratch directory from this repository's build output and installed as docs/operating.md says.
describe("the production install", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "arcana-production-"));
  beforeAll(() => {
    execFileSync(process.execPath, ["scripts/build-production.mjs"], {
      cwd: repoRoot,
      env: { ...process.env, PRODUCTION_DIR: folder },
      stdio: "ignore",
    });
    execFileSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: folder,
      stdio: "ignore",
    });
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("installs in at most 150 MB, without the browser's wallet stacks or the development tools", () => {
    expect(diskMegabytes(folder)).toBeLessThanOrEqual(150);
    for (const absent of [
      "viem",
      "wagmi",
      "@solana",
      "@walletconnect",
      "react-native",
      "vite",
      "tsx",
      "playwright-core",
    ]) {
      expect(existsSync(path.join(folder, "node_modules", absent)), absent).toBe(false);
    }
  });

  it("serves: ready, pages rendered on the server, the API and its reference page", async () => {
    const server = await startProduction("npm", ["run", "--silent", "serve"], {}, folder);
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<title>[^<]*Arcana[^<]*<\/title>/);
      const config = await fetch(`${server.url}/api/config`);
      expect(config.status).toBe(200);
      const reference = await fetch(`${server.url}/api/docs/standalone.js`);
      expect(reference.status).toBe(200);
      expect((await reference.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
      const signIn = await fetch(`${server.url}/api/sign_in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.org", password: "not-the-password", type: "password" }),
      });
      expect(signIn.status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
