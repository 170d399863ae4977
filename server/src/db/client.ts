import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema/index.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Takes a session-level advisory lock on a dedicated connection; resolves to its release, or to
   * null when another process holds it. PGlite is one process's database: the lock is always free.
   */
  tryAdvisoryLock(key: number): Promise<(() => Promise<void>) | null>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; maxConnections?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = new PGlite(target.dataDir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      ping: async () => {
        await client.query("select 1");
      },
      close: () => client.close(),
      tryAdvisoryLock: async () => async () => {},
    };
  }

  const client = postgres(target.url, {
    max: target.maxConnections ?? 10,
    connect_timeout: 5,
    idle_timeout: 30,
    onnotice: () => {},
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
    tryAdvisoryLock: async (key) => {
      const connection = await client.reserve();
      const [row] = await connection`select pg_try_advisory_lock(${key}) as locked`;
      if (!row?.locked) {
        connection.release();
        return null;
      }
      return async () => {
        await connection`select pg_advisory_unlock(${key})`.catch(() => {});
        connection.release();
      };
    },
  };
}

/** True when an error means the database cannot be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      [
        "ECONNREFUSED",
        "ECONNRESET",
        "ETIMEDOUT",
        "CONNECT_TIMEOUT",
        "CONNECTION_CLOSED",
        "CONNECTION_ENDED",
        "CONNECTION_DESTROYED",
        "57P01",
        "57P03",
        "08006",
        "08001",
      ].includes(code)
    )
      return true;
    if (typeof message === "string" && /PGlite is closed/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
