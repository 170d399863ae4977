import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema.js";

/**
 * Every odds table ever offered, per box: a box opens with the version it was bought under, and
 * `GET /boxes/{id}/results` reports each version. Rows are never changed or deleted.
 */
export const boxOddsVersions = pgTable(
  "box_odds_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    boxId: text("box_id").notNull(),
    version: integer("version").notNull(),
    /** The economy file's rewards, in draw order: `[{kind, amount?, box?, weight}]`. */
    rewards: jsonb("rewards").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("box_odds_versions_box_version_unique").on(table.boxId, table.version)],
);

/** Boxes sold so far per box; the purchase's conditional update is what keeps supply from being oversold. */
export const boxSupply = pgTable(
  "box_supply",
  {
    boxId: text("box_id").primaryKey(),
    sold: integer("sold").notNull().default(0),
  },
  (table) => [check("box_supply_sold_not_negative", sql`${table.sold} >= 0`)],
);

/** Boxes each member bought per box, for the per-member limit. */
export const boxMemberPurchases = pgTable(
  "box_member_purchases",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    boxId: text("box_id").notNull(),
    bought: integer("bought").notNull(),
  },
  (table) => [unique("box_member_purchases_user_box_unique").on(table.userId, table.boxId)],
);

export const boxPurchases = pgTable(
  "box_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    boxId: text("box_id").notNull(),
    quantity: integer("quantity").notNull(),
    spent: integer("spent").notNull(),
    /** The client's `Idempotency-Key`: a retry with it gets `answer` back and is not charged again. */
    idempotencyKey: text("idempotency_key"),
    /** `box_id:quantity` of the first request, so a key reused for another purchase is refused. */
    requestFingerprint: text("request_fingerprint").notNull(),
    answer: jsonb("answer"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [unique("box_purchases_user_idempotency_key_unique").on(table.userId, table.idempotencyKey)],
);

/** One member's server seed: revealed (`rotated_at` set) when the member rotates it. */
export const fairnessSeeds = pgTable(
  "fairness_seeds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** 32 random bytes as 64 lower-case hex characters; never sent before rotation. */
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    /** False while the client seed is the server's random default. */
    clientSeedChosen: boolean("client_seed_chosen").notNull().default(false),
    nextNonce: integer("next_nonce").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    // At most one current (unrevealed) seed per member.
    uniqueIndex("fairness_seeds_current_unique").on(table.userId).where(sql`${table.rotatedAt} is null`),
    index("fairness_seeds_user_idx").on(table.userId, table.id.desc()),
  ],
);

/** A box a member owns; opening fills in the reward and the proof, once. */
export const ownedBoxes = pgTable(
  "owned_boxes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    boxId: text("box_id").notNull(),
    oddsVersionId: bigint("odds_version_id", { mode: "number" })
      .notNull()
      .references(() => boxOddsVersions.id),
    /** `purchase` or `reward`. */
    source: text("source").notNull(),
    purchaseId: uuid("purchase_id").references(() => boxPurchases.id),
    /** The opened box this one came out of (`reward`). */
    wonIn: uuid("won_in"),
    acquiredAt: timestamp("acquired_at", { withTimezone: true, precision: 3 }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true, precision: 3 }),
    /** Position of the drawn reward in the odds version's table. */
    rewardIndex: integer("reward_index"),
    seedId: bigint("seed_id", { mode: "number" }).references(() => fairnessSeeds.id),
    clientSeed: text("client_seed"),
    nonce: integer("nonce"),
  },
  (table) => [
    index("owned_boxes_user_opened_idx").on(table.userId, table.openedAt.desc(), table.id.desc()),
    index("owned_boxes_results_idx").on(table.oddsVersionId, table.openedAt),
    // The public openings list and day files (newest first / one day oldest first).
    index("owned_boxes_opened_idx").on(table.openedAt, table.id).where(sql`${table.openedAt} is not null`),
    // A nonce is used once under a seed.
    unique("owned_boxes_seed_nonce_unique").on(table.seedId, table.nonce),
  ],
);

/**
 * A finished GMT day's public openings export, written once (decision 0043): final when no seed of the
 * day is still unrevealed; until then rewritten when one of `unrevealed_seed_ids` is revealed.
 */
export const boxOpeningDays = pgTable("box_opening_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  openings: integer("openings").notNull(),
  jsonl: text("jsonl").notNull(),
  csv: text("csv").notNull(),
  etag: text("etag").notNull(),
  unrevealedSeedIds: bigint("unrevealed_seed_ids", { mode: "number" }).array().notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * How many openings each odds version produced per GMT day and reward, split by whether anyone can
 * re-derive them (server seed revealed, client seed published as is): what `/boxes/{id}/results` and
 * `/fairness` read, a few hundred rows instead of every opening (decision 0050). Kept by triggers on
 * `owned_boxes` and `fairness_seeds` (migration 0024) in the transaction that opens a box or reveals
 * a seed, whichever server or tool writes it; never written by the application.
 */
export const boxOpeningCounts = pgTable(
  "box_opening_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    oddsVersionId: bigint("odds_version_id", { mode: "number" })
      .notNull()
      .references(() => boxOddsVersions.id),
    rewardIndex: integer("reward_index").notNull(),
    /** The server seed of these openings is revealed (rotated). */
    revealed: boolean("revealed").notNull(),
    /** Their client seed matches `publishableClientSeedPattern`: published as is, not only as its hash. */
    clientSeedPublic: boolean("client_seed_public").notNull(),
    openings: integer("openings").notNull(),
  },
  (table) => [
    primaryKey({
      name: "box_opening_counts_pk",
      columns: [table.day, table.oddsVersionId, table.rewardIndex, table.revealed, table.clientSeedPublic],
    }),
  ],
);
