import { and, eq, isNotNull } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { reminderChoices } from "./schema.js";

/**
 * The member proved their inbox (they signed in with a code mailed to it): an address the mail server once refused
 * for good gets reminders again. In the caller's transaction.
 */
export async function inboxProven(db: DatabaseOrTransaction, userId: string): Promise<void> {
  await db
    .update(reminderChoices)
    .set({ undeliverableAt: null })
    .where(and(eq(reminderChoices.userId, userId), isNotNull(reminderChoices.undeliverableAt)));
}
