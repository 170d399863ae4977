import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.js";

// `npm run db:migrate -- …` as README.md and docs/operating.md tell an operator to type it: npm, from the repository's
// root, on an embedded database. (The root script once lacked its `--`, and npm ate `--create` and `--status`.)
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-migrate-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function dbMigrate(dataDir: string, args: string[]) {
  const env = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "", ENV_FILE: "/dev/null" };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      "npm",
      ["run", "db:migrate", ...(args.length ? ["--", ...args] : [])],
      {
        cwd: repoRoot,
        env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const migrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }
).entries.map((entry) => entry.tag);

describe("npm run db:migrate", () => {
  it("names the database first, refuses to make a new embedded one without --create, and makes nothing", async () => {
    const dataDir = path.join(scratch, "fresh");
    const refused = await dbMigrate(dataDir, []);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split("\n")[0]).toBe(`Database: the embedded database in ${dataDir} (NODE_ENV=test)`);
    expect(refused.stderr).toContain("--create");
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
  }, 60_000);

  it("--create makes and migrates it; --status then lists every committed migration as applied", async () => {
    const dataDir = path.join(scratch, "created");
    const created = await dbMigrate(dataDir, ["--create"]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Migrations applied (pglite).");
    const status = await dbMigrate(dataDir, ["--status"]);
    expect(status.code, status.stderr).toBe(0);
    const lines = status.stdout.trim().split("\n");
    // After npm's own "> arcana@… db:migrate" banner: one line a migration, in order.
    expect(lines.filter((line) => /^(applied|pending) /.test(line))).toEqual(
      migrations.map((tag) => `applied  ${tag}`),
    );
    expect(lines).toContain(`${migrations.length} applied, 0 pending.`);
  }, 120_000);
});
