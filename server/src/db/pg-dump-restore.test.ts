import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, it } from "vitest";
import { expectRestored, populate } from "../test/backup-drill.js";
import { createScratchDatabase } from "../test/database.js";
import { openDatabase } from "./client.js";

/**
 * docs/operating.md, Backups and restore, on PostgreSQL: the documented `pg_dump --format=custom --no-owner` of a
 * populated database, `pg_restore --no-owner --exit-on-error` into an empty one, and a server on the copy. It needs
 * a PostgreSQL server and its client tools (TEST_DATABASE_URL, as in CI); the embedded database's backup
 * (`db export`) is export.test.ts.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-pg-dump-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.runIf(serverUrl)("pg_dump and pg_restore, as docs/operating.md writes them", () => {
  it("restore into an empty database, and the server runs on it with every member, balance, box, seed and session", async () => {
    const source = await createScratchDatabase(serverUrl as string, "arcana_backup");
    const restored = await createScratchDatabase(serverUrl as string, "arcana_restored");
    const dumpFile = path.join(scratch, "arcana.dump");
    try {
      const live = await openDatabase({ kind: "postgres", url: source.url, maxConnections: 2 });
      await live.migrate();
      const populated = await populate(live);
      // The servers keep running while the dump is taken: it is one consistent snapshot.
      await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dumpFile}`, source.url]);
      await live.close();
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restored.url}`, dumpFile]);
      const target = await openDatabase({ kind: "postgres", url: restored.url, maxConnections: 2 });
      try {
        await expectRestored(target, populated);
      } finally {
        await target.close();
      }
    } finally {
      await source.drop();
      await restored.drop();
    }
  }, 120_000);
});
