import type { SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "./client.js";

/**
 * The rows a raw SQL statement answers, from either driver: postgres.js answers an array,
 * PGlite an object with `rows`. Column names are PostgreSQL's (snake_case), values as the driver
 * reads them.
 */
export async function queryRows<T>(db: DatabaseOrTransaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
