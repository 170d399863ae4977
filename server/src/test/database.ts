import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../db/client.js";

/**
 * A new, empty database on the PostgreSQL server at `serverUrl`, and `drop` to remove it again.
 * (A whole database rather than a schema, because drizzle-kit's migrations name `public`.)
 */
export async function createScratchDatabase(serverUrl: string, prefix = "arcana_test") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file (or a benchmark): PGlite, in memory unless
 * `pgliteDir` is given, or a scratch database on the PostgreSQL server at `url`
 * (TEST_DATABASE_URL by default), dropped again by `dispose`.
 */
export async function createTestDatabase(
  url: string | undefined = process.env.TEST_DATABASE_URL,
  pgliteDir?: string,
): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (!url) {
    const handle = await openDatabase({ kind: "pglite", ...(pgliteDir ? { dataDir: pgliteDir } : {}) });
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const scratch = await createScratchDatabase(url);
  const handle = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 20 });
  await handle.migrate();
  return {
    ...handle,
    dispose: async () => {
      await handle.close().catch(() => {});
      await scratch.drop();
    },
  };
}
