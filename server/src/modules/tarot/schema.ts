import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { creditedEventColumns } from "../../chain/credit-columns.js";
import { users } from "../users/schema.js";

/** Today's reading per member: the cards are the day's fixed draw; the text may be rewritten. */
export const tarotReadings = pgTable(
  "tarot_readings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    day: integer("day").notNull(),
    language: text("language").notNull(),
    cards: jsonb("cards").notNull(),
    content: text("content").notNull(),
    writtenBy: text("written_by").notNull(),
    /** Bumped by each `force_refresh`, so the built-in writer phrases the reading anew. */
    revision: integer("revision").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A member's draw recorded on chain (`Daily.TarotRecorded`), per day and chain. */
export const tarotRecords = pgTable(
  "tarot_records",
  {
    ...creditedEventColumns(() => users.id),
    digest: text("digest").notNull(),
    /** Whether this record earned the day's tarot points (the member's first record that day, on any chain). */
    credited: boolean("credited").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.chainId] }),
    uniqueIndex("tarot_records_event_unique").on(table.chainId, table.txHash, table.logIndex),
  ],
);
