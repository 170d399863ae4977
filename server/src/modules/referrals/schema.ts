import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/**
 * Every invite code: each member's own (`member`, one per member, made on first use) and the
 * codes operators give KOLs (`kol`, with their own rates). Stored upper-case; compared upper-case.
 */
export const referralCodes = pgTable(
  "referral_codes",
  {
    code: text("code").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** `member` or `kol`. */
    kind: text("kind").notNull(),
    /** A KOL code's own rates; null takes the economy file's `kol` rates when the code is used. */
    inviterPoints: integer("inviter_points"),
    inviteePoints: integer("invitee_points"),
    disabledAt: timestamp("disabled_at", { withTimezone: true, precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex("referral_codes_member_unique").on(table.userId).where(sql`${table.kind} = 'member'`),
    index("referral_codes_user_idx").on(table.userId),
    check("referral_codes_kind", sql`${table.kind} in ('member', 'kol')`),
  ],
);

/**
 * One member's use of someone's code: at most one per member, ever. The rates are the ones the
 * code promised when it was used. `state` moves pending → qualified → claimed, or pending → refused.
 */
export const referralUses = pgTable(
  "referral_uses",
  {
    inviteeId: uuid("invitee_id")
      .primaryKey()
      .references(() => users.id),
    code: text("code")
      .notNull()
      .references(() => referralCodes.code),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => users.id),
    /** `member` or `kol`: which claim moves the inviter's reward. */
    codeKind: text("code_kind").notNull(),
    inviterPoints: integer("inviter_points").notNull(),
    inviteePoints: integer("invitee_points").notNull(),
    state: text("state").notNull().default("pending"),
    /** Why a refused invite does not count. */
    reason: text("reason"),
    /** The invitee's inbox (`inboxOf`) when the invite qualified: one inbox qualifies one invite per inviter. */
    inboxKey: text("inbox_key"),
    usedAt: timestamp("used_at", { withTimezone: true, precision: 3 }).notNull(),
    qualifiedAt: timestamp("qualified_at", { withTimezone: true, precision: 3 }),
    claimedAt: timestamp("claimed_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index("referral_uses_inviter_idx").on(table.inviterId, table.state),
    index("referral_uses_code_idx").on(table.code, table.usedAt),
    index("referral_uses_inviter_inbox_idx").on(table.inviterId, table.inboxKey),
    check("referral_uses_state", sql`${table.state} in ('pending', 'qualified', 'claimed', 'refused')`),
  ],
);

/** Each wallet that qualified an invite: one wallet qualifies one invite, ever. */
export const referralQualifyingWallets = pgTable("referral_qualifying_wallets", {
  /** Lower-cased EVM address. */
  wallet: text("wallet").primaryKey(),
  inviteeId: uuid("invitee_id")
    .notNull()
    .unique("referral_qualifying_wallets_invitee_unique")
    .references(() => users.id),
  qualifiedAt: timestamp("qualified_at", { withTimezone: true, precision: 3 }).notNull(),
});
