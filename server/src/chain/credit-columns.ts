import { type AnyPgColumn, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The columns of a row that a Daily contract event credited (a check-in, a tarot record): which
 * GMT day, which wallet, which event (unique per chain, transaction and log index: the chain-credit
 * pipeline finds the row by them to undo it after a reorg) and the ledger reference of its points.
 * `member` is the users table's id (the member it was credited to); the owning module adds what is
 * its own.
 */
export function creditedEventColumns(member: () => AnyPgColumn) {
  return {
    userId: uuid("user_id").notNull().references(member),
    /** GMT day number (days since 1970-01-01), as the Daily contract counts. */
    day: integer("day").notNull(),
    /** Lower-cased wallet that sent the event. */
    wallet: text("wallet").notNull(),
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    /** The ledger reference its points were credited under; null on rows from before credits were keyed by event. */
    creditReference: text("credit_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  };
}
