import type { Config } from "../config.js";
import { type DatabaseHandle, openDatabase } from "./client.js";

/** The database the configuration names: PostgreSQL with DATABASE_URL, otherwise PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.database.url
    ? openDatabase({ kind: "postgres", url: config.database.url })
    : openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
}
