import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../db/client.js";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL, dropped again by `dispose`. (A whole
 * database rather than a schema, because drizzle-kit's migrations name the `public` schema.)
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `arcana_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: testUrl.toString(), maxConnections: 20 });
  await handle.migrate();
  return {
    ...handle,
    dispose: async () => {
      await handle.close().catch(() => {});
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
