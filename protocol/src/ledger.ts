import { z } from "zod";
import { pageQuerySchema } from "./paging.js";

/** `GET /assets` query: newest first, `cursor` is the previous page's `next_cursor` (opaque). */
export const assetsQuerySchema = pageQuerySchema;

/** One row of the points ledger: a grant (positive) or a spend (negative). */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /**
   * What moved the points, e.g. `check_in`, `tarot`, `staking`, `grant` (from the team: `npm run admin -- points grant`),
   * `reversal` (a credit taken back: its event was dropped by a chain reorganisation, or rewards were claimed past an
   * on-chain unstake).
   */
  kind: z.string(),
  amount: z.number().int(),
  /** What a member reads in the rewards history, e.g. "Daily check-in (day 3 streak)". */
  label: z.string(),
  /** Identifies the grant within its kind; a (kind, reference) pair lands at most once. */
  reference: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const assetsPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  /** Pass as `cursor` to get the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AssetsPage = z.infer<typeof assetsPageSchema>;
