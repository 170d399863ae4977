import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The development mailbox: every message sent while no SMTP server is configured. */
export const devMails = pgTable(
  "dev_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** The message's extra headers (`List-Unsubscribe`, …), as handed to the mailer. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("dev_mails_to_idx").on(table.to, table.sentAt)],
);
