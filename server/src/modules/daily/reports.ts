import { gte, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { checkIns } from "./schema.js";

/** Credited check-ins per GMT day number, from day `sinceDay` on (the operator console's chart). */
export async function checkInsPerDay(db: DatabaseOrTransaction, sinceDay: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ day: checkIns.day, count: sql<number>`count(*)::int` })
    .from(checkIns)
    .where(gte(checkIns.day, sinceDay))
    .groupBy(checkIns.day);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}
