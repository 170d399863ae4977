import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small facts the server keeps about itself, e.g. which local chain its chain-derived rows belong to. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
