import { bigserial, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/**
 * Every point movement, append-only: grants are positive, spends negative. `users.pts` is moved
 * in the same transaction, so it always equals the sum of a member's rows.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    /** Unique within its kind: the same grant can never land twice. */
    reference: text("reference").notNull(),
    label: text("label"),
    /** Why an operator moved these points (`points grant --reason`); for operators, never shown to the member. */
    reason: text("reason"),
    // Millisecond precision so the (created_at, id) page cursor round-trips through a JS Date exactly.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    unique("ledger_entries_kind_reference_unique").on(table.kind, table.reference),
    index("ledger_entries_user_time_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The operator console's daily figures read a date range of every member's rows.
    index("ledger_entries_time_idx").on(table.createdAt),
  ],
);
