import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contractingStatements } from "../test/expand-only.js";
import { incompatibilities, journal } from "../test/release-schema.js";
import { migrationsFolder } from "./client.js";

/** The 0.1.0 release (f8b94ac): its migrations. (Its columns: upgrade-rollback.test.ts.) */
const release = JSON.parse(readFileSync(new URL("./release-fixtures/0.1.0.json", import.meta.url), "utf8")) as {
  lastMigration: string;
  migrations: { tag: string; sha256: string }[];
};
const lastReleasedIdx = Number(release.lastMigration.slice(0, 4));
const sqlOf = (tag: string) => readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8");

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

describe("the comparison of the previous release's columns with the migrated schema", () => {
  const column = (name: string, type = "text", nullable = true, hasDefault = false) => ({
    table: "users",
    column: name,
    type,
    nullable,
    hasDefault,
  });
  const before = [column("email", "text", false), column("pts", "integer", false, true), column("language")];
  it("accepts added nullable or defaulted columns and widened types", () => {
    const now = [...before.slice(0, 1), column("pts", "bigint", false, true), column("language"), column("tier")];
    expect(incompatibilities(before, [...now, column("verified", "boolean", false, true)])).toEqual([]);
  });
  it("names a column gone, retyped, made required or without its default, and a new required column", () => {
    const now = [
      column("email", "integer", false),
      column("pts", "integer", false, false),
      column("language", "text", false),
      column("tier", "text", false),
    ];
    expect(incompatibilities([...before, column("level")], now)).toEqual([
      "users.email: text became integer",
      "users.pts: lost its default",
      "users.language: became NOT NULL",
      "users.level: gone",
      "users.tier: new, NOT NULL without a default",
    ]);
  });
});
