import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../db/client.js";

/** A column as information_schema describes it. */
export interface SchemaColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function journal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
}

/** Every public table's columns, sorted. */
export async function columnsOf(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<SchemaColumn[]> {
  const { rows } = await query(
    `select table_name, column_name, case when data_type = 'USER-DEFINED' then udt_name else data_type end as type,
            is_nullable, column_default
       from information_schema.columns
      where table_schema = 'public'
      order by table_name, column_name`,
  );
  return rows.map((row) => ({
    table: String(row.table_name),
    column: String(row.column_name),
    type: String(row.type),
    nullable: row.is_nullable === "YES",
    hasDefault: row.column_default !== null,
  }));
}

/**
 * A fresh database (in memory, or in `dataDir`) with the committed migrations up to and including `lastIdx` applied:
 * the schema a release left.
 */
export async function databaseMigratedTo(lastIdx: number, dataDir?: string): Promise<PGlite> {
  const folder = mkdtempSync(path.join(tmpdir(), "arcana-migrations-"));
  try {
    const entries = journal().entries.filter((entry) => entry.idx <= lastIdx);
    cpSync(path.join(migrationsFolder, "meta"), path.join(folder, "meta"), { recursive: true });
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal(), entries }));
    for (const entry of entries)
      cpSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const client = new PGlite(dataDir);
    await migrate(drizzle(client), { migrationsFolder: folder });
    return client;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Types a column may take later while the previous release's values and queries still work on it. */
const widenings: Record<string, string[]> = {
  smallint: ["integer", "bigint", "numeric"],
  integer: ["bigint", "numeric"],
  "character varying": ["text"],
};

/**
 * What in `now` the release whose columns were `before` would trip on: a column gone, retyped (beyond widening), made
 * NOT NULL or without its default, or a new column its inserts (which do not name it) cannot leave out.
 */
export function incompatibilities(before: SchemaColumn[], now: SchemaColumn[]): string[] {
  const byName = new Map(now.map((column) => [`${column.table}.${column.column}`, column]));
  const changed = before.flatMap((old) => {
    const key = `${old.table}.${old.column}`;
    const current = byName.get(key);
    if (!current) return [`${key}: gone`];
    if (current.type !== old.type && !widenings[old.type]?.includes(current.type)) {
      return [`${key}: ${old.type} became ${current.type}`];
    }
    if (old.nullable && !current.nullable) return [`${key}: became NOT NULL`];
    if (old.hasDefault && !current.hasDefault) return [`${key}: lost its default`];
    return [];
  });
  const known = new Set(before.map((column) => `${column.table}.${column.column}`));
  const oldTables = new Set(before.map((column) => column.table));
  const required = now
    .filter((column) => oldTables.has(column.table) && !known.has(`${column.table}.${column.column}`))
    .filter((column) => !column.nullable && !column.hasDefault)
    .map((column) => `${column.table}.${column.column}: new, NOT NULL without a default`);
  return [...changed, ...required];
}
