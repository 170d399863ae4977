import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readyLine, version } from "./version.js";

const root = new URL("../../", import.meta.url);
const packageVersion = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, root), "utf8")) as { version: string }).version;

describe("the release an operator runs", () => {
  it("is one semver version in every package.json, with its section at the top of CHANGELOG.md", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const file of [
      "package.json",
      ...["protocol", "contracts", "server", "web", "e2e"].map((w) => `${w}/package.json`),
    ]) {
      expect(packageVersion(file), file).toBe(version);
    }
    const changelog = readFileSync(new URL("CHANGELOG.md", root), "utf8");
    const sections = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b.*$/gm)].map((match) => match[1]);
    expect(sections[0]).toBe(version);
    expect(sections).toContain("0.1.0");
    const current = changelog.slice(changelog.indexOf(`## ${version}`), changelog.indexOf("## 0.1.0"));
    expect(current).toContain("### Upgrade notes");
  });

  it("is what `npm run admin -- version` prints, typed as README.md writes it from the repository's root", async () => {
    const { stdout } = await promisify(execFile)("npm", ["run", "admin", "--", "version"], {
      cwd: fileURLToPath(root),
      env: { ...process.env, NODE_ENV: "test" },
    });
    // After npm's own "> arcana@… admin" banner.
    expect(stdout.trim().split("\n").at(-1)).toBe(version);
  }, 60_000);
});

describe("the ready line", () => {
  it("names PUBLIC_URL when it is set, and the release", () => {
    const ready = readyLine({
      siteName: "Arcana",
      publicUrl: "https://arcana.example.org",
      configuredPort: 3000,
      listening: { address: "0.0.0.0", port: 3000 },
    });
    expect(ready.message).toBe(`Arcana ${version} is ready at https://arcana.example.org (listening on 0.0.0.0:3000)`);
  });

  it("names the local URL of the port it listens on without PUBLIC_URL (PORT=0 picks a free one)", () => {
    const ready = readyLine({
      siteName: "Arcana",
      publicUrl: "http://localhost:0",
      configuredPort: 0,
      listening: { address: "127.0.0.1", port: 41234 },
    });
    expect(ready.publicUrl).toBe("http://localhost:41234");
  });
});
