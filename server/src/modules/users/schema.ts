import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised: trimmed and lower-cased. */
    email: text("email").notNull().unique(),
    pts: integer("pts").notNull().default(0),
    type: text("type").notNull().default("free"),
    level: text("level").notNull().default("bronze"),
    isActive: boolean("is_active").notNull().default(true),
    passwordHash: text("password_hash"),
    walletAddress: text("wallet_address").unique(),
    solanaAddress: text("solana_address").unique(),
    /** The language the member chose (a tag of `languages`), or null: none chosen yet. */
    language: text("language"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("users_pts_not_negative", sql`${table.pts} >= 0`)],
);

/**
 * Every binding of a wallet to a member, ever: when it began and when it was released. Chain
 * events count for the member whose binding covered the event's block time, and a wallet once
 * bound elsewhere is known as such (referrals).
 */
export const walletBindings = pgTable(
  "wallet_bindings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** `evm` or `solana`. */
    kind: text("kind").notNull(),
    /** As stored on `users`: EVM lower-cased, Solana as given. */
    address: text("address").notNull(),
    boundAt: timestamp("bound_at", { withTimezone: true, precision: 3 }).notNull(),
    unboundAt: timestamp("unbound_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index("wallet_bindings_address_idx").on(table.kind, table.address),
    index("wallet_bindings_user_idx").on(table.userId),
  ],
);
