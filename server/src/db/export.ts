import type { PGlite } from "@electric-sql/pglite";

/**
 * Lines of a dump by pg_dump 17+ that PostgreSQL 15 and 16 (or their psql) refuse: settings they do
 * not know and psql 17.6+'s `\restrict` guard. Nothing else in Arcana's schema is newer than 15.
 */
const restrictGuard = /^\\(un)?restrict [A-Za-z0-9]+$/;
/** Settings come in the dump's header, before any row (a row's text may span lines). */
const HEADER_LINES = 40;

/** A dump that psql 15+ loads into an empty PostgreSQL 15+ database. */
export function portableDump(dump: string): string {
  return dump
    .split("\n")
    .filter(
      (line, index) =>
        !restrictGuard.test(line) && !(index < HEADER_LINES && line.startsWith("SET transaction_timeout = ")),
    )
    .join("\n");
}

/**
 * A plain SQL dump of an embedded database (schema, rows, sequences' positions, the migrations
 * journal), by pg_dump compiled to WebAssembly (@electric-sql/pglite-tools, decision 0027): the
 * embedded server is PostgreSQL 18, which the pg_dump of most systems (15) refuses to dump.
 * No owners or grants: the rows belong to whoever loads them.
 */
export async function dumpEmbeddedDatabase(client: PGlite): Promise<string> {
  const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
  const file = await pgDump({ pg: client, args: ["--no-owner", "--no-privileges"] });
  return portableDump(await file.text());
}
