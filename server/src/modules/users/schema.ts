import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("users_pts_not_negative", sql`${table.pts} >= 0`)],
);
