import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/**
 * One credited check-in per member per GMT day, whichever chain or path (indexer or tx hash) brought
 * it; removed again (and its points reversed) when its block is orphaned.
 */
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
    /** The ledger reference its points were credited under; null on rows from before credits were keyed by event. */
    creditReference: text("credit_reference"),
    points: integer("points").notNull(),
    /** Consecutive days ending with this one. */
    streak: integer("streak").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    // One on-chain event credits one check-in, to one member, ever.
    uniqueIndex("check_ins_event_unique").on(table.chainId, table.txHash, table.logIndex),
  ],
);
