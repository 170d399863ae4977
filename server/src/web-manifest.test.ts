import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./config.js";
import { createTestApp } from "./test/app.js";

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = Record<string, unknown> & { icons: ManifestIcon[] };

/** A PNG's width and height, from its IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A path of the site as the built web app serves it: the files of web/public. */
const publicFile = (src: string) => readFileSync(path.join(repoRoot, "web/public", src));

let t: Awaited<ReturnType<typeof createTestApp>>;
let manifest: Manifest;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request("/manifest.webmanifest");
  expect(res.headers.get("content-type")).toContain("application/manifest+json");
  manifest = (await res.json()) as Manifest;
});
afterAll(() => t.dispose());

describe("the web app manifest makes the site installable everywhere", () => {
  it("names the app's id, scope, language and start", () => {
    expect(manifest).toMatchObject({ id: "/", scope: "/", start_url: "/", lang: "en", display: "standalone" });
  });

  it("lists PNG icons of 192 and 512 px and a maskable one, each a real PNG of the size it claims", () => {
    const png = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of png) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(publicFile(icon.src)), icon.src).toEqual({ width, height });
    }
  });

  it("points iOS's home-screen icon (/apple-touch-icon.png) at a 180 px PNG", async () => {
    const res = await t.app.request("/apple-touch-icon.png");
    expect(res.status).toBe(302);
    const target = res.headers.get("location") ?? "";
    expect(pngSize(publicFile(target))).toEqual({ width: 180, height: 180 });
    expect(readFileSync(path.join(repoRoot, "web/app/root.tsx"), "utf8")).toContain(
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
    );
  });
});
