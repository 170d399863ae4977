import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  /**
   * When the mail server refused the member's address for good (an SMTP 5xx): no reminder goes to it
   * until the member proves the inbox again (a sign-in by code clears it). Null: deliverable as far as known.
   */
  undeliverableAt: timestamp("undeliverable_at", { withTimezone: true }),
});

/**
 * The reminder queue: one job per member and GMT day (the primary key: planned twice, queued once),
 * claimed with `FOR UPDATE SKIP LOCKED` so any number of servers send each job once (decision 0042).
 */
export const reminderJobs = pgTable(
  "reminder_jobs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** GMT day number the reminder is for (it is sent only on that day). */
    day: integer("day").notNull(),
    /** `queued`, `sending` (claimed until `lease_until`), `sent`, `skipped`, `failed`, `undeliverable`. */
    status: text("status").notNull(),
    /** The streak the member would lose, when planned. */
    streak: integer("streak").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** A queued job is not claimed before this (retries back off). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** A `sending` job whose lease ran out (its server died) is claimed again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Why it was skipped or failed (`checked_in`, `turned_off`, `undeliverable`, the last error…). */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    index("reminder_jobs_due_idx")
      .on(table.day, table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    // The console's last 30 days: sent jobs by day (decision 0051).
    index("reminder_jobs_sent_day_idx").on(table.day).where(sql`${table.status} = 'sent'`),
  ],
);

/**
 * Every change of a member's reminder choice, appended in the statement that changes `reminder_choices`
 * (which keeps only the latest): the console counts unsubscribes per day from it (decision 0051).
 */
export const reminderChoiceChanges = pgTable(
  "reminder_choice_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    enabled: boolean("enabled").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("reminder_choice_changes_at_idx").on(table.at)],
);
