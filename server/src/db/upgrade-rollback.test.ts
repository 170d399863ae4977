import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../cli/program.js";
import { columnsOf, databaseMigratedTo, incompatibilities, type SchemaColumn } from "../test/release-schema.js";
import { openDatabase } from "./client.js";
import { queryRows } from "./rows.js";

/**
 * docs/operating.md, Upgrading and rolling back, on the embedded database: a 0.1.0 database is backed up with
 * `db export`, upgraded (every later migration: 0.1.0's columns, a committed snapshot, must survive them with a
 * compatible type), rolled back by running 0.1.0's reads and writes on the expanded schema, and restored from the
 * backup.
 */
const release = JSON.parse(readFileSync(new URL("./release-fixtures/0.1.0.json", import.meta.url), "utf8")) as {
  lastMigration: string;
  migrations: unknown[];
  columns: SchemaColumn[];
};
const scratch = mkdtempSync(path.join(tmpdir(), "arcana-upgrade-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("upgrades a 0.1.0 database after a backup, serves 0.1.0's queries on it, and restores the backup", async () => {
  const dataDir = path.join(scratch, "data");
  const backup = path.join(scratch, "arcana-0.1.0.sql");

  // The database 0.1.0 left, with a member 0.1.0 wrote.
  const previous = await databaseMigratedTo(Number(release.lastMigration.slice(0, 4)), dataDir);
  // The fixture is what 0.1.0's migrations make.
  expect(await columnsOf((text) => previous.query(text))).toEqual(release.columns);
  await previous.query("insert into users (email, pts) values ('before@example.com', 5)");
  await previous.close();

  // 1. Back up (the server stopped).
  let err = "";
  const exported = await runCli(["db", "export", backup], {
    env: { NODE_ENV: "test", DATA_DIR: dataDir },
    out: () => {},
    err: (text) => (err += text),
  });
  expect(exported, err).toBe(0);

  // 3. Migrate, as `npm run db:migrate` (or the first upgraded server) does, and the new release writes.
  const upgraded = await openDatabase({ kind: "pglite", dataDir });
  try {
    await upgraded.migrate();
    // Every column 0.1.0 reads or writes is still there with a type and nullability it works with.
    const now = await columnsOf(async (text) => ({
      rows: await queryRows<Record<string, unknown>>(upgraded.db, sql.raw(text)),
    }));
    expect(incompatibilities(release.columns, now)).toEqual([]);
    await upgraded.db.execute(sql`insert into users (email) values ('after-upgrade@example.com')`);

    // Roll back, first way: 0.1.0 on the expanded schema. Every table 0.1.0 reads answers with all of its columns,
    // and 0.1.0's insert of a member (only the columns it knew) still works.
    const tables = new Map<string, string[]>();
    for (const { table, column } of release.columns) tables.set(table, [...(tables.get(table) ?? []), `"${column}"`]);
    for (const [table, columns] of tables) {
      const names = columns.join(", ");
      await upgraded.db.execute(sql.raw(`select ${names} from "${table}" limit 1`));
    }
    await upgraded.db.execute(sql`insert into users (email, pts) values ('on-0.1.0-again@example.com', 0)`);
    const emails = await queryRows<{ email: string }>(upgraded.db, sql`select email from users order by email`);
    expect(emails.map((row) => row.email)).toEqual([
      "after-upgrade@example.com",
      "before@example.com",
      "on-0.1.0-again@example.com",
    ]);
  } finally {
    await upgraded.close();
  }

  // Roll back, second way: restore the backup into an empty database. 0.1.0's rows and migrations, nothing since.
  const restored = new PGlite(path.join(scratch, "restored"));
  try {
    await restored.exec(readFileSync(backup, "utf8"));
    const members = await restored.query<{ email: string; pts: number }>("select email, pts from public.users");
    expect(members.rows).toEqual([{ email: "before@example.com", pts: 5 }]);
    const journal = await restored.query<{ count: number }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    expect(journal.rows[0]?.count).toBe(release.migrations.length);
  } finally {
    await restored.close();
  }
}, 120_000);
