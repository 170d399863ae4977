import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Next block to index, per chain and contract. */
export const chainCursors = pgTable(
  "chain_cursors",
  {
    chainId: integer("chain_id").notNull(),
    contract: text("contract").notNull(),
    nextBlock: bigint("next_block", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contract] })],
);

/** Hashes of recently indexed blocks, to notice a reorg. */
export const chainBlocks = pgTable(
  "chain_blocks",
  {
    chainId: integer("chain_id").notNull(),
    number: bigint("number", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
);

/** Every contract event the indexer applied; rolled back when its block is orphaned. */
export const chainEvents = pgTable(
  "chain_events",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
    contract: text("contract").notNull(),
    name: text("name").notNull(),
    args: jsonb("args").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index("chain_events_block_idx").on(table.chainId, table.blockNumber),
    // A pass's history (eventsFor, for passes/service.ts) without scanning every check-in ever indexed.
    index("chain_events_token_idx").on(table.chainId, table.contract, sql`(${table.args}->>'tokenId')`),
  ],
);

/** Small facts the server keeps about itself, e.g. which local chain its chain-derived rows belong to. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What the indexer last saw per chain, for the operator console: head, progress, errors, who leads. */
export const chainIndexerStatus = pgTable("chain_indexer_status", {
  chainId: integer("chain_id").primaryKey(),
  headBlock: bigint("head_block", { mode: "number" }),
  headTime: timestamp("head_time", { withTimezone: true }),
  /** The highest block every contract of the chain is indexed up to. */
  indexedBlock: bigint("indexed_block", { mode: "number" }),
  indexedTime: timestamp("indexed_time", { withTimezone: true }),
  /** The instance (host:pid) that ran the pass; only the leader indexes. */
  leader: text("leader"),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
