import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/** Wei amounts: uint256 fits numeric(78). Drizzle reads them as decimal strings. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * One member's signed forward request, from acceptance to its outcome. The same signed request
 * (chain, signer, forwarder nonce) is one relay, however often it is sent.
 */
export const sponsoredRelays = pgTable(
  "sponsored_relays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Accepted order: the relayer sends in this order, so one member's nonces stay in sequence. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    chainId: integer("chain_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    /** The ForwardRequest as signed; `signer` lower-cased. */
    signer: text("signer").notNull(),
    target: text("target").notNull(),
    gas: bigint("gas", { mode: "bigint" }).notNull(),
    forwarderNonce: numeric("forwarder_nonce", { precision: 78, scale: 0 }).notNull(),
    deadline: bigint("deadline", { mode: "number" }).notNull(),
    data: text("data").notNull(),
    signature: text("signature").notNull(),
    /** queued (accepted), signed (in a stored transaction), sent (broadcast), confirmed, failed. */
    state: text("state").notNull().default("queued"),
    /**
     * The relayer account (lower-cased) whose transaction carries it, and that transaction's nonce: a nonce is
     * the account's own, so the relay belongs to the pair (a new key reuses nonces). Null while queued, and for
     * relays sent before this was recorded whose transaction is unknown (never matched to a nonce again).
     */
    relayer: text("relayer"),
    relayerNonce: bigint("relayer_nonce", { mode: "number" }),
    txHash: text("tx_hash"),
    failureReason: text("failure_reason"),
    /** GMT day number of acceptance: the quota and budget day it counts against. */
    day: integer("day").notNull(),
    /** What acceptance set aside from the chain's budget (gas × the fee cap then). */
    reservedWei: wei("reserved_wei").notNull(),
    /** Its share of the mined transaction's gas used × effective price; null until mined. */
    spentWei: wei("spent_wei"),
    credited: boolean("credited").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sponsored_relays_request_unique").on(table.chainId, table.signer, table.forwarderNonce),
    index("sponsored_relays_open").on(table.chainId, table.state, table.seq),
    index("sponsored_relays_member_day").on(table.userId, table.day),
    index("sponsored_relays_relayer_nonce").on(table.chainId, table.relayerNonce, table.relayer),
  ],
);

/** Each chain's relayer account: the next nonce it will sign with (contiguous, never reused). */
export const relayerAccounts = pgTable(
  "relayer_accounts",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

/**
 * Every transaction the relayer signed, stored before it is broadcast (a crash between the two
 * rebroadcasts this very transaction). A nonce's later attempts replace earlier ones with bumped fees.
 */
export const relayerTransactions = pgTable(
  "relayer_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chainId: integer("chain_id").notNull(),
    relayer: text("relayer").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    attempt: integer("attempt").notNull(),
    hash: text("hash").notNull(),
    raw: text("raw").notNull(),
    gasLimit: bigint("gas_limit", { mode: "bigint" }).notNull(),
    maxFeePerGas: wei("max_fee_per_gas").notNull(),
    maxPriorityFeePerGas: wei("max_priority_fee_per_gas").notNull(),
    /** Forward requests it carries (executeBatch). */
    requests: integer("requests").notNull(),
    /** pending, mined, replaced (another attempt of its nonce was mined). */
    state: text("state").notNull().default("pending"),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp("broadcast_at", { withTimezone: true }),
    gasUsed: bigint("gas_used", { mode: "bigint" }),
    effectiveGasPrice: wei("effective_gas_price"),
    reverted: boolean("reverted"),
  },
  (table) => [
    uniqueIndex("relayer_transactions_attempt_unique").on(table.chainId, table.relayer, table.nonce, table.attempt),
    uniqueIndex("relayer_transactions_hash_unique").on(table.chainId, table.hash),
    index("relayer_transactions_pending").on(table.chainId, table.relayer, table.nonce).where(sql`state = 'pending'`),
  ],
);

/** Per chain and GMT day: what sponsorship set aside and spent (the budget check reads one row). */
export const sponsorshipDays = pgTable(
  "sponsorship_days",
  {
    chainId: integer("chain_id").notNull(),
    day: integer("day").notNull(),
    /** Set aside for relays not yet mined (released when they settle). */
    reservedWei: wei("reserved_wei").notNull().default("0"),
    spentWei: wei("spent_wei").notNull().default("0"),
    relays: integer("relays").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.day] }),
    check("sponsorship_days_reserved_not_negative", sql`${table.reservedWei} >= 0`),
  ],
);

/** Per member, chain and GMT day: sponsored relays accepted (the quota). */
export const sponsorshipMemberDays = pgTable(
  "sponsorship_member_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    chainId: integer("chain_id").notNull(),
    day: integer("day").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.chainId, table.day] })],
);
