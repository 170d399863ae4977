import { and, count, eq, isNotNull } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { ownedBoxes } from "./schema.js";

export { type BoxReports, createBoxReports, type OpenedBoxRow, openingsForExport } from "./reports.js";

/** How many boxes the member has opened (tasks). */
export async function boxesOpenedBy(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ opened: count() })
    .from(ownedBoxes)
    .where(and(eq(ownedBoxes.userId, userId), isNotNull(ownedBoxes.openedAt)));
  return Number(row?.opened ?? 0);
}
