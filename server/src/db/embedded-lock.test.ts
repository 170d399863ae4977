import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";
import { DatabaseInUseError, lockDatabaseDirectory, lockFileName } from "./embedded-lock.js";
import { queryRows } from "./rows.js";

const directories: string[] = [];
function emptyDirectory() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arcana-lock-"));
  directories.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (a stale lock's holder). */
function goneProcessPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

function writeLock(dir: string, holder: object) {
  writeFileSync(path.join(dir, lockFileName), JSON.stringify(holder));
}

describe("the lock on an embedded database directory", () => {
  it("refuses a second opener while the first holds it, naming the holder, and frees it on close", async () => {
    const dir = emptyDirectory();
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    expect(JSON.parse(readFileSync(path.join(dir, lockFileName), "utf8"))).toMatchObject({ pid: process.pid });

    const second = openDatabase({ kind: "pglite", dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(`is in use by process ${process.pid}`);

    await first.close();
    expect(existsSync(path.join(dir, lockFileName))).toBe(false);
    lockDatabaseDirectory(dir, "next opener").release();
  }, 60_000);

  it("opens with a 32 MB buffer pool, not PGlite's 128 MB that made every start zero 96 MB more (decision 0031)", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: emptyDirectory() });
    try {
      const rows = await queryRows(database.db, sql`show shared_buffers`);
      expect(rows).toEqual([{ shared_buffers: "32MB" }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses a directory another live process holds", () => {
    const dir = emptyDirectory();
    // The process that started this test runner is alive and is not this process.
    writeLock(dir, { pid: process.ppid, command: "server/src/main.ts", socket: null });
    expect(() => lockDatabaseDirectory(dir, "test")).toThrow(
      `The embedded database in ${dir} is in use by process ${process.ppid} (server/src/main.ts).`,
    );
  });

  it("takes over a lock whose process is gone (a crash), and one it cannot read", () => {
    const dir = emptyDirectory();
    writeLock(dir, { pid: goneProcessPid(), command: "server/src/main.ts", socket: { host: "127.0.0.1", port: 1 } });
    const lock = lockDatabaseDirectory(dir, "test");
    expect(JSON.parse(readFileSync(path.join(dir, lockFileName), "utf8"))).toEqual({
      pid: process.pid,
      command: "test",
      socket: null,
    });
    lock.release();

    writeFileSync(path.join(dir, lockFileName), "half-writ");
    lockDatabaseDirectory(dir, "test").release();
    expect(existsSync(path.join(dir, lockFileName))).toBe(false);
  });

  it("records where the holder shares the database", () => {
    const dir = emptyDirectory();
    const lock = lockDatabaseDirectory(dir, "server/src/main.ts");
    lock.recordSocket({ host: "127.0.0.1", port: 54321 });
    expect(JSON.parse(readFileSync(path.join(dir, lockFileName), "utf8"))).toEqual({
      pid: process.pid,
      command: "server/src/main.ts",
      socket: { host: "127.0.0.1", port: 54321 },
    });
    lock.release();
  });
});
