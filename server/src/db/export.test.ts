import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  getBoxFairnessRoute,
  getMyProfileRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { runCli } from "../cli/program.js";
import { loadConfig } from "../config.js";
import { grantPoints } from "../modules/ledger/api.js";
import { apiClient } from "../test/api-client.js";
import { signInByCode } from "../test/app.js";
import { createScratchDatabase } from "../test/database.js";
import { type Database, type DatabaseHandle, openDatabase } from "./client.js";
import { portableDump } from "./export.js";
import { queryRows } from "./rows.js";

/**
 * Issue 29, trap 7: off the embedded database. A populated PGlite database is exported with
 * `npm run admin -- db export`, loaded into an empty database by psql (the local PostgreSQL 15 when
 * TEST_DATABASE_URL is set, as in CI; otherwise a fresh embedded database), and the server runs on it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-export-"));
const sourceDir = path.join(scratch, "source");
const dumpFile = path.join(scratch, "arcana.sql");

/** Every table of the application, each as a count and a digest of its rows (in UTC). */
async function contents(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await queryRows<{ name: string }>(
      tx as unknown as Database,
      sql`select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await queryRows<{ n: string; md5: string | null }>(
        tx as unknown as Database,
        sql.raw(`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${name} t`),
      );
      digest[name] = `${row?.n} ${row?.md5}`;
    }
    return digest;
  });
}

function appOn(database: DatabaseHandle) {
  return createApp({ config: loadConfig({ NODE_ENV: "test" }), database, logger: pino({ level: "silent" }) }).app;
}

const members = ["ada@example.com", "grace@example.com", "alan@example.com"];
const tokens: string[] = [];
let before: Record<string, string>;
let fairnessBefore: unknown;
let maxLedgerId: number;

beforeAll(async () => {
  const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
  await source.migrate();
  const app = appOn(source);
  for (const email of members) tokens.push(await signInByCode(app, email));
  const ids = await queryRows<{ id: string }>(source.db, sql`select id from users order by email`);
  for (const { id } of ids) {
    await grantPoints(source.db, { userId: id, kind: "test_grant", amount: 500, reference: id, at: new Date() });
  }
  const auth = { authorization: `Bearer ${tokens[0]}` };
  const api = apiClient(app);
  const bought = await api.data(purchaseBoxesRoute, { body: { box_id: "star", quantity: 3 }, headers: {}, auth });
  await api.data(openBoxRoute, { body: { owned_box_id: bought.owned_box_ids[0] as string }, auth });
  await api.data(rotateBoxSeedRoute, { body: {}, auth });
  fairnessBefore = await api.data(getBoxFairnessRoute, { auth });
  before = await contents(source.db);
  [{ maxLedgerId } = { maxLedgerId: 0 }] = await queryRows<{ maxLedgerId: number }>(
    source.db,
    sql`select max(id)::int as "maxLedgerId" from ledger_entries`,
  );
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
      // What the server does at start: no migration is pending, nothing changes.
      await target.migrate();
      expect(await contents(target.db)).toEqual(before);
      const balances = await queryRows<{ email: string; pts: number; ledger: number }>(
        target.db,
        sql`select u.email, u.pts, coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)::int as ledger
            from users u order by u.email`,
      );
      expect(balances.map((b) => b.email)).toEqual([...members].sort());
      for (const balance of balances) expect(balance.pts).toBe(balance.ledger);

      const api = apiClient(appOn(target));
      const auth = { authorization: `Bearer ${tokens[0]}` };
      const mine = await api.data(getMyProfileRoute, { auth });
      expect(mine.email).toBe(members[0]);
      expect(mine.pts).toBe(balances.find((b) => b.email === members[0])?.pts);
      expect(await api.data(getBoxFairnessRoute, { auth })).toEqual(fairnessBefore);
      // The sequences moved with the rows: the next ledger row gets a new id instead of a duplicate key.
      const bought = await api.call(purchaseBoxesRoute, { body: { box_id: "star", quantity: 1 }, headers: {}, auth });
      expect(bought.status).toBe(200);
      const [next] = await queryRows<{ id: number }>(target.db, sql`select max(id)::int as id from ledger_entries`);
      expect(next?.id).toBeGreaterThan(maxLedgerId);
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

  it("keeps the lines PostgreSQL 15 refuses out of the dump, and row text intact", () => {
    const dump = ["\\restrict abc123", "SET transaction_timeout = 0;", "SET lock_timeout = 0;", "\\unrestrict abc123"];
    expect(portableDump(dump.join("\n"))).toBe("SET lock_timeout = 0;");
  });
});
