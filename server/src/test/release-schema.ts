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

/** A fresh in-memory database with the committed migrations up to and including `lastIdx` applied. */
export async function databaseMigratedTo(lastIdx: number): Promise<PGlite> {
  const folder = mkdtempSync(path.join(tmpdir(), "arcana-migrations-"));
  try {
    const entries = journal().entries.filter((entry) => entry.idx <= lastIdx);
    cpSync(path.join(migrationsFolder, "meta"), path.join(folder, "meta"), { recursive: true });
    writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal(), entries }));
    for (const entry of entries)
      cpSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: folder });
    return client;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
