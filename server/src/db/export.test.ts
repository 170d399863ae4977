import { execFile } from "node:child_process";
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/program.js";
import { expectRestored, type Populated, populate } from "../test/backup-drill.js";
import { createScratchDatabase } from "../test/database.js";
import { type DatabaseHandle, openDatabase } from "./client.js";
import { portableDump } from "./export.js";

/**
 * Issue 29, trap 7: off the embedded database. A populated PGlite database is exported with
 * `npm run admin -- db export`, loaded into an empty database by psql (the local PostgreSQL 15 when
 * TEST_DATABASE_URL is set, as in CI; otherwise a fresh embedded database), and the server runs on it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-export-"));
const sourceDir = path.join(scratch, "source");
const dumpFile = path.join(scratch, "arcana.sql");
let populated: Populated;

beforeAll(async () => {
  const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
  await source.migrate();
  populated = await populate(source);
  await source.close();
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm run admin -- db export", () => {
  it("writes a plain SQL dump of the embedded database, sequences included, and names the database", async () => {
    let out = "";
    let err = "";
    const code = await runCli(["db", "export", dumpFile], {
      env: { NODE_ENV: "test", DATA_DIR: sourceDir },
      out: (text) => (out += text),
      err: (text) => (err += text),
    });
    expect(code, err).toBe(0);
    expect(err).toContain(`Database: the embedded database in ${sourceDir}`);
    expect(out).toContain(`Wrote ${dumpFile}`);
    const dump = readFileSync(dumpFile, "utf8");
    expect(dump).toContain("CREATE TABLE public.ledger_entries");
    expect(dump).toMatch(/SELECT pg_catalog\.setval\('public\.ledger_entries_id_seq', \d+, true\);/);
    expect(dump).not.toMatch(/^SET transaction_timeout/m);
  }, 120_000);

  it("loads into an empty database, and the server runs on it with every member, balance, box, seed and session", async () => {
    let target: DatabaseHandle;
    let drop = async () => {};
    if (serverUrl) {
      const database = await createScratchDatabase(serverUrl, "arcana_export");
      drop = database.drop;
      await promisify(execFile)("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", database.url, "-f", dumpFile]);
      target = await openDatabase({ kind: "postgres", url: database.url, maxConnections: 2 });
    } else {
      const dir = path.join(scratch, "restored");
      const restore = new PGlite(dir);
      await restore.exec(readFileSync(dumpFile, "utf8"));
      await restore.close();
      target = await openDatabase({ kind: "pglite", dataDir: dir });
    }
    try {
      await expectRestored(target, populated);
    } finally {
      await target.close();
      await drop();
    }
  }, 120_000);

  it("refuses a PostgreSQL database (pg_dump's job) and a missing embedded one", async () => {
    let err = "";
    const onPostgres = await runCli(["db", "export", dumpFile], {
      env: { NODE_ENV: "test", DATABASE_URL: "postgres://arcana@db.example/arcana" },
      err: (text) => (err += text),
    });
    expect(onPostgres).toBe(1);
    expect(err).toContain("back it up with pg_dump");
    err = "";
    const missing = await runCli(["db", "export", dumpFile], {
      env: { NODE_ENV: "test", DATA_DIR: path.join(scratch, "nothing-here") },
      err: (text) => (err += text),
    });
    expect(missing).toBe(1);
    expect(err).toContain("There is no database in");
  });

  const exportTo = async (file: string) => {
    let out = "";
    let err = "";
    const code = await runCli(["db", "export", file], {
      env: { NODE_ENV: "test", DATA_DIR: sourceDir },
      out: (text) => (out += text),
      err: (text) => (err += text),
    });
    return { code, out, err };
  };

  it("refuses a target in a directory that does not exist before touching the database", async () => {
    const missingDirectory = path.join(scratch, "backups");
    const { code, err } = await exportTo(path.join(missingDirectory, "arcana.sql"));
    expect(code).toBe(1);
    expect(err).toContain(`${missingDirectory} is not a directory: create it first`);
    // The database was not even named: nothing was opened (the server need not have been stopped).
    expect(err).not.toContain("Database:");
  });

  it("leaves the dump readable by its owner only, also over an existing 0644 file", async () => {
    const existing = path.join(scratch, "existing.sql");
    writeFileSync(existing, "an older dump\n", { mode: 0o644 });
    chmodSync(existing, 0o644);
    const { code, err } = await exportTo(existing);
    expect(code, err).toBe(0);
    expect(statSync(existing).mode & 0o777).toBe(0o600);
    expect(readFileSync(existing, "utf8")).toContain("CREATE TABLE public.ledger_entries");
    expect(readdirSync(scratch).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }, 120_000);

  it("refuses a symbolic link as the target, and leaves the file it points to alone", async () => {
    const pointedTo = path.join(scratch, "world-readable.sql");
    writeFileSync(pointedTo, "someone else's file\n");
    chmodSync(pointedTo, 0o666);
    const link = path.join(scratch, "link.sql");
    symlinkSync(pointedTo, link);
    const { code, err } = await exportTo(link);
    expect(code).toBe(1);
    expect(err).toContain(`${link} is a symbolic link`);
    expect(readFileSync(pointedTo, "utf8")).toBe("someone else's file\n");
    expect(statSync(pointedTo).mode & 0o777).toBe(0o666);
  });

  it("keeps the lines PostgreSQL 15 refuses out of the dump, and row text intact", () => {
    const dump = ["\\restrict abc123", "SET transaction_timeout = 0;", "SET lock_timeout = 0;", "\\unrestrict abc123"];
    expect(portableDump(dump.join("\n"))).toBe("SET lock_timeout = 0;");
  });
});
