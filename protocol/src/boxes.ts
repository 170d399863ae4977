import { z } from "zod";
import { clientSeedPattern } from "./fairness.js";
import { pageQuerySchema } from "./paging.js";

export const boxLimits = {
  /** Boxes one `POST /boxes/purchase` may buy. */
  maxPurchaseQuantity: 10,
  /** How long openings are kept and reported by `GET /boxes/{id}/results`. */
  resultsWindowDays: 90,
  maxIdempotencyKeyLength: 200,
} as const;

/** As the economy file names boxes: anything else (a NUL byte, …) is refused before it reaches a query. */
const boxId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "box ids are 1–64 lower-case letters, digits or dashes");

/** What an opening can give: points, another box, or a mint allowlist place. */
export const boxRewardSchema = z.object({
  kind: z.enum(["points", "box", "allowlist"]),
  /** Points credited (`points` rewards). */
  amount: z.number().int().optional(),
  /** The box added to the member's boxes (`box` rewards). */
  box_id: z.string().optional(),
});
export type BoxReward = z.infer<typeof boxRewardSchema>;

export const oddsEntrySchema = z.object({
  reward: boxRewardSchema,
  weight: z.number().int(),
  /** Exactly weight / total weight. */
  probability: z.number(),
});
export type OddsEntry = z.infer<typeof oddsEntrySchema>;

export const marketBoxSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** Null: unlimited. */
  supply: z.number().int().nullable(),
  supply_left: z.number().int().nullable(),
  per_member_limit: z.number().int().nullable(),
  /** Boxes bought now open with this version of the odds table, whatever changes later. */
  odds_version: z.number().int(),
  /** In draw order: the provably fair draw walks the weights in this order. */
  odds: z.array(oddsEntrySchema),
});
export type MarketBox = z.infer<typeof marketBoxSchema>;
export const marketSchema = z.array(marketBoxSchema);

export const purchaseRequestSchema = z.object({
  box_id: boxId,
  quantity: z
    .number()
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(boxLimits.maxPurchaseQuantity, `quantity must be at most ${boxLimits.maxPurchaseQuantity}`),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

/** `Idempotency-Key`: a retried purchase with the same key answers the first result and charges once. */
const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** `POST /boxes/purchase` headers: a retry with the same key answers the first result and charges once. */
export const purchaseHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(idempotencyKeyPattern, "Idempotency-Key must be 1–200 visible characters")
    .optional(),
});

export const purchaseResultSchema = z.object({
  purchase_id: z.string(),
  box_id: z.string(),
  quantity: z.number().int(),
  spent: z.number().int(),
  /** The member's balance right after this purchase. */
  pts: z.number().int(),
  owned_box_ids: z.array(z.string()),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const openRequestSchema = z.object({ owned_box_id: z.uuid("owned_box_id is not a box id") });

export const openingProofSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** Revealed once the member rotates the seed; null before. */
  server_seed: z.string().nullable(),
});
export type OpeningProof = z.infer<typeof openingProofSchema>;

export const openResultSchema = z.object({
  owned_box_id: z.string(),
  box_id: z.string(),
  reward: boxRewardSchema,
  /** For `box` rewards: the new box in the member's boxes. */
  reward_owned_box_id: z.string().nullable(),
  proof: openingProofSchema.omit({ server_seed: true }),
  pts: z.number().int(),
});
export type OpenResult = z.infer<typeof openResultSchema>;

export const ownedBoxSchema = z.object({
  id: z.string(),
  box_id: z.string(),
  name: z.string(),
  odds_version: z.number().int(),
  /** `purchase` or `reward` (won in another box). */
  source: z.enum(["purchase", "reward"]),
  acquired_at: z.string(),
});
export type OwnedBox = z.infer<typeof ownedBoxSchema>;

export const openedBoxSchema = ownedBoxSchema.extend({
  opened_at: z.string(),
  reward: boxRewardSchema,
  /** The odds table the box opened with, in draw order, so the page can recompute the draw. */
  odds: z.array(oddsEntrySchema),
  proof: openingProofSchema,
});
export type OpenedBox = z.infer<typeof openedBoxSchema>;

export const myBoxesQuerySchema = pageQuerySchema;

export const myBoxesSchema = z.object({
  /** Every unopened box, newest first (only on the first page). */
  unopened: z.array(ownedBoxSchema),
  /** Opened boxes, newest opening first. */
  opened: z.array(openedBoxSchema),
  next_cursor: z.string().nullable(),
});
export type MyBoxes = z.infer<typeof myBoxesSchema>;

export const revealedSeedSchema = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  first_nonce: z.number().int(),
  /** Null when no box was opened under this seed. */
  last_nonce: z.number().int().nullable(),
  rotated_at: z.string(),
});

export const fairnessSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** False while the client seed is the server's default (the page then proposes one of the member's). */
  client_seed_chosen: z.boolean(),
  next_nonce: z.number().int(),
  /**
   * When the server reveals the current seed by itself if the member has not rotated it: 30 days after
   * its first opening (null: nothing opened under it yet).
   */
  reveal_at: z.string().nullable(),
  /** Earlier server seeds, newest first. */
  revealed: z.array(revealedSeedSchema),
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const rotateRequestSchema = z.object({
  client_seed: z.string().regex(clientSeedPattern, "client_seed must be 1–64 printable characters").optional(),
});

export const lootboxSummarySchema = z.object({
  unopened: z.array(z.object({ box_id: z.string(), name: z.string(), count: z.number().int() })),
  fairness: z.object({ server_seed_hash: z.string(), client_seed: z.string(), next_nonce: z.number().int() }),
  limits: z.array(
    z.object({
      box_id: z.string(),
      per_member_limit: z.number().int().nullable(),
      bought: z.number().int(),
      /** Null: no limit. */
      left: z.number().int().nullable(),
    }),
  ),
});
export type LootboxSummary = z.infer<typeof lootboxSummarySchema>;

export const boxResultsParamsSchema = z.object({ id: boxId });

export const boxResultsSchema = z.object({
  box_id: z.string(),
  window_days: z.number().int(),
  /** Newest odds version first. */
  versions: z.array(
    z.object({
      odds_version: z.number().int(),
      offered_from: z.string(),
      rewards: z.array(
        z.object({
          reward: boxRewardSchema,
          weight: z.number().int(),
          probability: z.number(),
          /** Openings that gave this reward in the window. */
          count: z.number().int(),
          /** count / total (0 when nothing was opened). */
          share: z.number(),
        }),
      ),
      total: z.number().int(),
    }),
  ),
});
export type BoxResults = z.infer<typeof boxResultsSchema>;

/** The public openings export (docs/fairness.md, decision 0043). */
export const publicFairness = {
  /** A server seed is revealed by the server once its first opening is this many days old. */
  revealAfterDays: 30,
  /** How long today's export (still growing) may be cached. */
  todayMaxAgeSeconds: 60,
  /** How long a finished day's export that still waits for reveals may be cached. */
  waitingMaxAgeSeconds: 300,
} as const;

/**
 * A client seed of this form (16–64 lower-case hex characters: what the page and the server generate)
 * is published as is; any other (typed by the member, it could name them) is published only as its hash.
 */
export const publishableClientSeedPattern = /^[0-9a-f]{16,64}$/;

/** One opening as anyone may see it: no member, no owned-box id, the time to the minute. */
export const publicOpeningSchema = z.object({
  box_id: z.string(),
  odds_version: z.number().int(),
  /** `YYYY-MM-DDTHH:MMZ`: the minute of the opening (GMT). */
  opened_at: z.string(),
  server_seed_hash: z.string(),
  /** Null until the seed is revealed (by the member's rotation, or by the server 30 days after its first opening). */
  server_seed: z.string().nullable(),
  /** Null when the member typed their own client seed: only its hash is published. */
  client_seed: z.string().nullable(),
  client_seed_hash: z.string(),
  nonce: z.number().int(),
  /** The odds table's weights in draw order: what a verifier needs to redo the draw. */
  weights: z.array(z.number().int()),
  /** Position of the reward in the odds table. */
  reward_index: z.number().int(),
  reward: boxRewardSchema,
});
export type PublicOpening = z.infer<typeof publicOpeningSchema>;

export const publicOpeningsQuerySchema = pageQuerySchema;

export const publicOpeningsSchema = z.object({
  /** Newest opening first, over the last 90 days. */
  openings: z.array(publicOpeningSchema),
  next_cursor: z.string().nullable(),
});
export type PublicOpenings = z.infer<typeof publicOpeningsSchema>;

export const openingsDayFileParamsSchema = z.object({
  file: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}\.(jsonl|csv)$/, "file must be YYYY-MM-DD.jsonl or YYYY-MM-DD.csv")
    .meta({ example: "2026-11-27.jsonl" }),
});

/** A day's openings as JSON Lines (one `PublicOpening` a line) or CSV with the same columns. */
export const openingsDayFileSchema = z
  .string()
  .meta({ description: "JSON Lines (one opening a line) or CSV (RFC 4180, first line naming the columns)" });

export const chiSquareSchema = z.object({
  statistic: z.number(),
  degrees_of_freedom: z.number().int(),
  p_value: z.number(),
});

export const publicFairnessSchema = z.object({
  window_days: z.number().int(),
  reveal_after_days: z.number().int(),
  /** Openings in the window whose server seed is revealed and whose client seed is published. */
  verifiable: z.number().int(),
  /** Openings in the window whose server seed is not revealed yet. */
  waiting: z.number().int(),
  /** Openings with a revealed seed whose client seed the member typed (published as a hash only). */
  member_verifiable_only: z.number().int(),
  boxes: z.array(
    z.object({
      box_id: z.string(),
      name: z.string(),
      versions: z.array(
        boxResultsSchema.shape.versions.element.extend({
          /** Null when there is nothing to test (no openings, or one possible reward). */
          chi_square: chiSquareSchema.nullable(),
        }),
      ),
    }),
  ),
});
export type PublicFairness = z.infer<typeof publicFairnessSchema>;
