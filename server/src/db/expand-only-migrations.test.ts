import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { contractingStatements } from "../test/expand-only.js";
import { columnsOf, databaseMigratedTo, journal, type SchemaColumn } from "../test/release-schema.js";
import { migrationsFolder } from "./client.js";

/** The 0.1.0 release (f8b94ac): its migrations and every column its server reads or writes. */
const release = JSON.parse(readFileSync(new URL("./release-fixtures/0.1.0.json", import.meta.url), "utf8")) as {
  lastMigration: string;
  migrations: { tag: string; sha256: string }[];
  columns: SchemaColumn[];
};
const lastReleasedIdx = Number(release.lastMigration.slice(0, 4));
const sqlOf = (tag: string) => readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8");

/** Types a column may take later while the previous release's values and queries still work on it. */
const widenings: Record<string, string[]> = {
  smallint: ["integer", "bigint", "numeric"],
  integer: ["bigint", "numeric"],
  "character varying": ["text"],
};

describe("migrations after the 0.1.0 release are expand-only", () => {
  it("leaves every migration 0.1.0 shipped as it was", () => {
    const shipped = journal()
      .entries.filter((entry) => entry.idx <= lastReleasedIdx)
      .map((entry) => ({ tag: entry.tag, sha256: createHash("sha256").update(sqlOf(entry.tag)).digest("hex") }));
    expect(shipped).toEqual(release.migrations);
  });

  it("adds tables, nullable or defaulted columns and indexes, and never drops, renames, retypes or requires", () => {
    const later = journal().entries.filter((entry) => entry.idx > lastReleasedIdx);
    const problems = later.flatMap((entry) => contractingStatements(sqlOf(entry.tag)).map((p) => `${entry.tag}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("keeps every column of the 0.1.0 schema, with a type and nullability its server still works with", async () => {
    // The upgrade as a server does it: the database 0.1.0 left (checked against the fixture), then every later migration.
    const client = await databaseMigratedTo(lastReleasedIdx);
    try {
      expect(await columnsOf((text) => client.query(text))).toEqual(release.columns);
      await migrate(drizzle(client), { migrationsFolder });
      const now = await columnsOf((text) => client.query(text));
      const byName = new Map(now.map((column) => [`${column.table}.${column.column}`, column]));
      const broken = release.columns.flatMap((before) => {
        const key = `${before.table}.${before.column}`;
        const after = byName.get(key);
        if (!after) return [`${key}: gone`];
        if (after.type !== before.type && !widenings[before.type]?.includes(after.type)) {
          return [`${key}: ${before.type} became ${after.type}`];
        }
        if (before.nullable && !after.nullable) return [`${key}: became NOT NULL`];
        if (before.hasDefault && !after.hasDefault) return [`${key}: lost its default`];
        return [];
      });
      expect(broken).toEqual([]);
      // Columns added since to 0.1.0's tables are ones its inserts can leave out.
      const known = new Set(release.columns.map((column) => `${column.table}.${column.column}`));
      const required = now
        .filter((column) => !known.has(`${column.table}.${column.column}`))
        .filter((column) => release.columns.some((before) => before.table === column.table))
        .filter((column) => !column.nullable && !column.hasDefault)
        .map((column) => `${column.table}.${column.column}`);
      expect(required).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe("the expand-only check", () => {
  const refused = [
    'DROP TABLE "relays";',
    'ALTER TABLE "users" DROP COLUMN "language";',
    'ALTER TABLE "users" DROP "language";',
    'ALTER TABLE "users" RENAME COLUMN "language" TO "locale";',
    'ALTER TABLE "users" RENAME TO "members";',
    'ALTER TABLE "users" ALTER COLUMN "language" SET DATA TYPE varchar(8);',
    'ALTER TABLE "users" ALTER COLUMN "language" TYPE varchar(8);',
    'ALTER TABLE "users" ALTER COLUMN "language" SET NOT NULL;',
    'ALTER TABLE "users" ALTER COLUMN "language" DROP DEFAULT;',
    'ALTER TABLE "users" ADD COLUMN "tier" integer NOT NULL;',
    'TRUNCATE "sessions";',
    'DROP INDEX "relays_chain_nonce_unique";',
    'ALTER TABLE "relays" DROP CONSTRAINT "relays_chain_nonce_unique";',
    "DROP FUNCTION notify_member_change();",
    'CREATE TABLE "a" ("id" serial);--> statement-breakpoint\nALTER TABLE "users" DROP COLUMN "email";',
  ];
  it.each(refused)("refuses %s", (sql) => {
    expect(contractingStatements(sql)).toHaveLength(1);
  });

  const allowed = [
    'CREATE TABLE "relay_accounts" ("address" text PRIMARY KEY, "since" timestamp with time zone DEFAULT now() NOT NULL);',
    'ALTER TABLE "relays" ADD COLUMN "relayer_address" text;',
    'ALTER TABLE "users" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;',
    'ALTER TABLE "users" ADD COLUMN "n" bigserial NOT NULL;',
    'CREATE UNIQUE INDEX "relays_account_nonce" ON "relays" ("chain_id", "relayer_address", "nonce");',
    'ALTER TABLE "days" ADD CONSTRAINT "reserved_not_negative" CHECK ("reserved_wei" >= 0);',
    'ALTER TABLE "users" ALTER COLUMN "language" DROP NOT NULL;',
    'UPDATE "relays" SET "relayer_address" = \'DROP TABLE x\' WHERE "relayer_address" IS NULL;',
    '-- previous release: 0.1.0 never names this index (no ON CONFLICT on it)\nDROP INDEX "relays_by_day";',
    "DROP TRIGGER IF EXISTS member_change ON users;\nCREATE TRIGGER member_change AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION f();",
    "CREATE OR REPLACE FUNCTION f() RETURNS trigger AS $$ BEGIN DROP TABLE x; RETURN NEW; END $$ LANGUAGE plpgsql;",
  ];
  it.each(allowed)("allows %s", (sql) => {
    expect(contractingStatements(sql)).toEqual([]);
  });
});
