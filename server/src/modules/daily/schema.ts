import { integer, pgTable, primaryKey, uniqueIndex } from "drizzle-orm/pg-core";
import { creditedEventColumns } from "../../chain/credit-columns.js";
import { users } from "../users/schema.js";

/**
 * One credited check-in per member per GMT day, whichever chain or path (indexer or tx hash) brought
 * it; removed again (and its points reversed) when its block is orphaned.
 */
export const checkIns = pgTable(
  "check_ins",
  {
    ...creditedEventColumns(() => users.id),
    points: integer("points").notNull(),
    /** Consecutive days ending with this one. */
    streak: integer("streak").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    // One on-chain event credits one check-in, to one member, ever.
    uniqueIndex("check_ins_event_unique").on(table.chainId, table.txHash, table.logIndex),
  ],
);
