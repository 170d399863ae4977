import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "./config.js";

/**
 * scripts/build-production.mjs run on a repository whose builds are the smallest there can be (the real ones take
 * minutes; e2e/tests/production-install.test.ts runs them): what it puts in build/production besides the bundles.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-build-production-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("puts the repository's .env.example into build/production, next to what `npm run serve` starts", async () => {
  const root = path.join(scratch, "repo");
  mkdirSync(path.join(root, "scripts"), { recursive: true });
  for (const script of ["build-production.mjs", "external-imports.mjs"]) {
    cpSync(path.join(repoRoot, "scripts", script), path.join(root, "scripts", script));
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"));
  for (const file of ["package.json", "package-lock.json", ".env.example", "config/economy.json"]) {
    cpSync(path.join(repoRoot, file), path.join(root, file));
  }
  mkdirSync(path.join(root, "server/dist"), { recursive: true });
  writeFileSync(path.join(root, "server/dist/main.js"), "");
  writeFileSync(path.join(root, "server/dist/external-imports.json"), "{}");
  mkdirSync(path.join(root, "web/build/client"), { recursive: true });
  mkdirSync(path.join(root, "web/build/server"), { recursive: true });
  writeFileSync(path.join(root, "web/build/server/index.js"), "export const build = 1;\n");

  const out = path.join(root, "build/production");
  await promisify(execFile)(process.execPath, [path.join(root, "scripts/build-production.mjs")], { cwd: root });
  expect(existsSync(path.join(out, ".env.example"))).toBe(true);
  expect(readFileSync(path.join(out, ".env.example"), "utf8")).toBe(
    readFileSync(path.join(repoRoot, ".env.example"), "utf8"),
  );
}, 60_000);
