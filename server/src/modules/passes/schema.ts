import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Genesis Passes as the chain says, derived from GenesisPass events. */
export const passes = pgTable(
  "passes",
  {
    chainId: integer("chain_id").notNull(),
    tokenId: bigint("token_id", { mode: "number" }).notNull(),
    /** Lower-cased address. */
    owner: text("owner").notNull(),
    mintedAt: timestamp("minted_at", { withTimezone: true }).notNull(),
    staked: boolean("staked").notNull().default(false),
    stakedSince: timestamp("staked_since", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.tokenId] }), index("passes_owner_idx").on(table.owner)],
);

/** Who may mint when the allowlist is on: e-mail addresses or wallets (lower-cased). */
export const allowlist = pgTable("allowlist", {
  entry: text("entry").primaryKey(),
  kind: text("kind").notNull(),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
});
