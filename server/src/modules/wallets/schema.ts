import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/** Server-issued nonces for wallet-binding messages (SIWE / SIWS): single use, short-lived. */
export const walletNonces = pgTable(
  "wallet_nonces",
  {
    nonce: text("nonce").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("wallet_nonces_user_idx").on(table.userId), index("wallet_nonces_expiry_idx").on(table.expiresAt)],
);
