import { eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { tarotRecords } from "./schema.js";

/** How many GMT days the member's draw was recorded on chain (tasks). */
export async function tarotRecordedDays(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ days: sql<number>`count(distinct ${tarotRecords.day})::int` })
    .from(tarotRecords)
    .where(eq(tarotRecords.userId, userId));
  return Number(row?.days ?? 0);
}
