import type { SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "./client.js";

/**
 * The rows a raw SQL statement answers, from either driver: postgres.js answers an array,
 * PGlite an object with `rows`. Column names are PostgreSQL's (snake_case), values as the driver
 * reads them.
 */
export async function queryRows<T>(db: DatabaseOrTransaction, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result;
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error("the database driver answered a statement with neither rows nor an array");
}
