import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../db/client.js";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema
 * on the PostgreSQL named by TEST_DATABASE_URL (dropped again by `dispose`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create schema "${schema}"`);
  const handle = await openDatabase({ kind: "postgres", url, schema, maxConnections: 20 });
  await handle.migrate();
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop schema "${schema}" cascade`);
      await admin.end();
    },
  };
}
