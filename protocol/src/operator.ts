import { z } from "zod";
import { boxRewardSchema } from "./boxes.js";
import { pageQuerySchema } from "./paging.js";

/** The overview's windows: the last 30 or 90 GMT days, today included. */
export const operatorWindows = [30, 90] as const;

export const overviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (operatorWindows as readonly number[]).includes(days), "days must be 30 or 90")
    .default(30),
});

/** One line of a chart: a value per day of the overview's `dates`. */
export const dailySeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.number().int()),
});
export type DailySeries = z.infer<typeof dailySeriesSchema>;

export const operatorOverviewSchema = z.object({
  days: z.number().int(),
  /** The GMT days of every series, oldest first (`YYYY-MM-DD`). */
  dates: z.array(z.string()),
  members_total: z.number().int(),
  /** Points members hold right now: the sum of every balance (= the ledger's sum). */
  circulating_points: z.number().int(),
  passes_minted: z.number().int(),
  passes_staked: z.number().int(),
  new_members: dailySeriesSchema,
  /** Members who moved points that day (any ledger row: check-in, tarot, claim, purchase, …). */
  active_members: dailySeriesSchema,
  check_ins: dailySeriesSchema,
  /** Points issued per day, one series per ledger kind. */
  points_issued: z.array(dailySeriesSchema),
  /** Points spent per day (box purchases and operators' deductions), as positive numbers. */
  points_spent: dailySeriesSchema,
});
export type OperatorOverview = z.infer<typeof operatorOverviewSchema>;

export const operatorBoxesSchema = z.array(
  z.object({
    box_id: z.string(),
    name: z.string(),
    price: z.number().int(),
    supply: z.number().int().nullable(),
    supply_left: z.number().int().nullable(),
    sold: z.number().int(),
    window_days: z.number().int(),
    versions: z.array(
      z.object({
        odds_version: z.number().int(),
        openings: z.number().int(),
        /** Pearson's chi-square of observed against stated counts; null with fewer than two rewards or no openings. */
        chi_square: z.number().nullable(),
        degrees_of_freedom: z.number().int(),
        /** How likely chance alone gives a spread this far from the stated odds. */
        p_value: z.number().nullable(),
        /** True when p < 0.001: the observed shares drift beyond what chance explains. */
        drifting: z.boolean(),
        rewards: z.array(
          z.object({
            reward: boxRewardSchema,
            stated: z.number(),
            observed: z.number(),
            count: z.number().int(),
            expected: z.number(),
          }),
        ),
      }),
    ),
  }),
);
export type OperatorBoxes = z.infer<typeof operatorBoxesSchema>;

export const memberSearchQuerySchema = z.object({
  q: z.string().trim().min(2, "Type at least 2 characters").max(200),
});

export const memberSummarySchema = z.object({
  uid: z.string(),
  email: z.string(),
  pts: z.number().int(),
  wallet_address: z.string().nullable(),
  solana_address: z.string().nullable(),
  created_at: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberSearchSchema = z.array(memberSummarySchema);

export const memberParamsSchema = z.object({ id: z.uuid("id is not a member id") });

export const operatorMemberSchema = z.object({
  member: memberSummarySchema,
  on_allowlist: z.boolean(),
  passes: z.array(
    z.object({ chain_id: z.number().int(), token_id: z.number().int(), staked: z.boolean(), minted_at: z.string() }),
  ),
});
export type OperatorMember = z.infer<typeof operatorMemberSchema>;

export const operatorLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: z.number().int(),
  label: z.string(),
  /** Why an operator moved these points; null for the product's own credits and spends. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export const operatorLedgerPageSchema = z.object({
  items: z.array(operatorLedgerEntrySchema),
  next_cursor: z.string().nullable(),
});
export type OperatorLedgerPage = z.infer<typeof operatorLedgerPageSchema>;
export const operatorLedgerQuerySchema = pageQuerySchema;

export const pointsAdjustmentSchema = z.object({
  direction: z.enum(["grant", "deduct"]),
  amount: z.number().int().min(1, "amount must be at least 1").max(2_147_483_647),
  reason: z.string().trim().min(1, "Give a reason").max(500, "Keep the reason under 500 characters"),
});
export type PointsAdjustment = z.infer<typeof pointsAdjustmentSchema>;

export const unbindWalletRequestSchema = z.object({ kind: z.enum(["evm", "solana"]) });

/** What an operator action answers: the member afterwards and the audit entry it wrote. */
export const operatorActionResultSchema = z.object({
  member: memberSummarySchema,
  audit_id: z.number().int(),
});
export type OperatorActionResult = z.infer<typeof operatorActionResultSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The operator's e-mail, or `cli` for a command run on the server. */
  actor: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditQuerySchema = pageQuerySchema;

export const chainStatusSchema = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  head_block: z.number().int().nullable(),
  indexed_block: z.number().int().nullable(),
  lag_blocks: z.number().int().nullable(),
  lag_seconds: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** The last error is still the chain's state (no pass has completed since). */
  error_current: z.boolean(),
  /** The indexer instance holding the leader lock when it last reported. */
  leader: z.string().nullable(),
  reported_at: z.string().nullable(),
  /** Lag beyond the threshold (or no report at all): shown red. */
  lagging: z.boolean(),
});
export const chainStatusesSchema = z.object({
  lag_threshold_seconds: z.number().int(),
  chains: z.array(chainStatusSchema),
});
export type ChainStatuses = z.infer<typeof chainStatusesSchema>;

export const operatorLimits = {
  /** A chain whose indexer is further behind than this (or silent this long) shows red. */
  chainLagThresholdSeconds: 120,
  /** Below this p-value a box's observed shares drift beyond what chance explains. */
  driftPValue: 0.001,
  memberSearchResults: 20,
  /** Codes the Invites page lists (KOL codes first, then the most used member codes). */
  inviteCodes: 200,
} as const;

/** A GMT calendar day PostgreSQL can compare: a real date from 1970 to 9999. */
const gmtDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a GMT day like 2026-11-22")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && day >= "1970-01-01";
  }, "Use a real GMT day from 1970-01-01 to 9999-12-31");

/** An export's GMT days, both included; without them, everything. */
export const exportRangeQuerySchema = z
  .object({ from: gmtDay.optional(), to: gmtDay.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, "from must not be after to");

/** A CSV file, streamed: the first line names the columns. */
export const csvFileSchema = z
  .string()
  .meta({ description: "CSV (RFC 4180), UTF-8, the first line naming the columns" });

/** The invite funnel over every use of any code: each step counts the invites that got that far. */
export const inviteFunnelSchema = z.object({
  used: z.number().int(),
  /** The invitee bound a wallet: their invite was settled (every qualification or refusal comes from a wallet), or they hold one now. */
  bound_wallet: z.number().int(),
  /** Qualified, claimed or not. */
  qualified: z.number().int(),
  /** The inviter claimed the reward. */
  claimed: z.number().int(),
});
export type InviteFunnel = z.infer<typeof inviteFunnelSchema>;

export const inviteCodeStatsSchema = z.object({
  code: z.string(),
  kind: z.enum(["member", "kol"]),
  owner_email: z.string(),
  disabled: z.boolean(),
  uses: z.number().int(),
  /** Qualified, claimed or not. */
  qualified: z.number().int(),
  pending: z.number().int(),
  refused: z.number().int(),
  /** Why the refused invites do not count, most frequent first. */
  refused_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** The inviter's claimed rewards plus the invitees' rewards that landed. */
  points_paid: z.number().int(),
});
export type InviteCodeStats = z.infer<typeof inviteCodeStatsSchema>;

export const operatorInvitesSchema = z.object({
  funnel: inviteFunnelSchema,
  /** Every KOL code, then member codes used at least once, most used first; at most `code_limit`. */
  codes: z.array(inviteCodeStatsSchema),
  code_limit: z.number().int(),
});
export type OperatorInvites = z.infer<typeof operatorInvitesSchema>;
