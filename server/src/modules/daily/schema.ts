import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/** One credited check-in per member per GMT day, whichever chain or path (indexer or tx hash) brought it. */
export const checkIns = pgTable(
  "check_ins",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** GMT day number (days since 1970-01-01), as the Daily contract counts. */
    day: integer("day").notNull(),
    /** Lower-cased wallet that checked in. */
    wallet: text("wallet").notNull(),
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    points: integer("points").notNull(),
    /** Consecutive days ending with this one. */
    streak: integer("streak").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
