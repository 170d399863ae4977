import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { type DatabaseLock, lockDatabaseDirectory, lockFileName } from "../db/embedded-lock.js";
import { grantPoints } from "../modules/ledger/api.js";
import { balanceOf, createMemberRow } from "../test/members.js";

/**
 * `npm run admin -- …` as README.md and docs/operating.md tell an operator to type it: npm, from the repository's
 * root, on the embedded database under `dataDir`; `silent` adds npm's own --silent (`npm run --silent admin -- …`), as
 * the docs do where the output is read by another command. `out` is without npm's "> arcana@… admin" banner.
 */
function admin(dataDir: string, ...argv: string[]) {
  return npmAdmin(dataDir, ["run", "admin", "--", ...argv]);
}

function npmAdmin(dataDir: string, npmArgs: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn("npm", npmArgs, {
    cwd: repoRoot,
    env: { ...env, NODE_ENV: "development", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  return new Promise<{ code: number | null; out: string; err: string; raw: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, out: out.replace(/^\n> [^\n]*\n> [^\n]*\n\n/, ""), err, raw: out })),
  );
}

// A server's situation: this process holds the embedded database and shares it on its socket.
// (The database itself is kept in memory: the directory here only carries the lock.)
let dataDir: string;
let database: DatabaseHandle;
let lock: DatabaseLock;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "arcana-held-"));
  lock = lockDatabaseDirectory(dataDir, "server/src/main.ts");
  database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const socket = await database.share?.(0);
  if (!socket) throw new Error("a PGlite handle can be shared");
  lock.recordSocket(socket);
});
afterAll(async () => {
  await database.close();
  lock.release();
  rmSync(dataDir, { recursive: true, force: true });
});

// Each command starts a Node process with tsx: seconds on a busy machine.
describe("operator commands while a server holds the embedded database", { timeout: 180_000 }, () => {
  it("grant and show points through the server's socket while the server keeps crediting", async () => {
    const userId = await createMemberRow(database.db, "a@b.c");
    const serverCredits = async () => {
      for (let i = 1; i <= 10; i++) {
        await grantPoints(database.db, { userId, kind: "check_in", amount: 1, reference: `server-credit:${i}` });
      }
    };
    const [grant] = await Promise.all([
      admin(dataDir, "points", "grant", "a@b.c", "100", "--reason", "test"),
      serverCredits(),
    ]);
    expect(grant.err).toBe(`Database: the embedded database in ${dataDir} (NODE_ENV=development)\n`);
    expect(grant.code).toBe(0);
    expect(grant.out).toMatch(/^Granted 100 points to a@b\.c \(test\); their balance is \d+ points\.\n$/);
    expect(await balanceOf(database.db, userId)).toBe(110);

    const show = await admin(dataDir, "points", "show", "a@b.c");
    expect(show.code).toBe(0);
    expect(show.out).toContain("a@b.c: 110 points\nLast 11 movements, newest first:\n");
    expect(show.out).toContain("+100  Bonus from the team  (reason: test)");
  });

  it('prints the socket\'s URL for psql: `psql "$(npm run --silent admin -- db url)"` as written connects', async () => {
    const url = await npmAdmin(dataDir, ["run", "--silent", "admin", "--", "db", "url"]);
    expect(url.code).toBe(0);
    expect(url.raw).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres\n$/);
    const { DATABASE_URL: _ignored, ...env } = process.env;
    // Asynchronously: the database answering psql lives in this process.
    const psql = await promisify(execFile)(
      "sh",
      ["-c", 'psql "$(npm run --silent admin -- db url)" -Atc "select 40 + 2"'],
      {
        cwd: repoRoot,
        env: { ...env, NODE_ENV: "development", DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    expect(psql.stderr).toBe("");
    expect(psql.stdout).toBe("42\n");
  });

  it("fails with exit code 1 and says what to do when the holder does not share the database", async () => {
    const unshared = mkdtempSync(path.join(os.tmpdir(), "arcana-held-"));
    try {
      // Held by a live process (the one that started this test) that has no socket, like `npm run indexer`.
      const holder = JSON.stringify({ pid: process.ppid, command: "server/src/indexer-main.ts", socket: null });
      writeFileSync(path.join(unshared, lockFileName), holder);
      const result = await admin(unshared, "points", "show", "a@b.c");
      expect(result.code).toBe(1);
      expect(result.err).toContain(`is in use by process ${process.ppid} (server/src/indexer-main.ts)`);
      expect(result.err).toContain("does not share it on a socket");
    } finally {
      rmSync(unshared, { recursive: true, force: true });
    }
  });
});
