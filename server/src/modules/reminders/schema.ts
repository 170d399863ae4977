import { boolean, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/**
 * A member's streak-reminder choice, stored with when it was made (opt-in, never by surprise: no
 * row means never asked, and reminders are off).
 */
export const reminderChoices = pgTable("reminder_choices", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  enabled: boolean("enabled").notNull(),
  /** The GMT hour the member picked, or null: the operator's `reminders.sendHourGmt`. */
  sendHour: integer("send_hour"),
  chosenAt: timestamp("chosen_at", { withTimezone: true }).notNull(),
});
