import { z } from "zod";
import { referralCodePattern } from "./referral-rules.js";

/**
 * A referral code as typed: letters and digits, case-insensitive (the server compares upper-case).
 * Members' own codes use an unambiguous alphabet; KOL codes are chosen by operators.
 */
export const referralCodeInputSchema = z
  .string()
  .trim()
  .regex(referralCodePattern, "Codes are 4 to 32 letters, digits, - and _.");

/** What a member must do for an invite to count, as set in the economy file. */
export const qualifyOnValues = ["wallet_bound", "pass_minted", "first_check_in"] as const;
export type QualifyOn = (typeof qualifyOnValues)[number];

/** Why an invite does not count, as a code the web says in the reader's language; `other` for words it does not know. */
export const inviteRefusals = [
  "wallet_bound_elsewhere",
  "wallet_already_qualified",
  "same_inbox",
  "inviter_cap_reached",
  "other",
] as const;
export type InviteRefusal = (typeof inviteRefusals)[number];

export const inviteStates = ["pending", "qualified", "claimed", "refused"] as const;
export type InviteState = (typeof inviteStates)[number];

/** One invitee as their inviter sees them: never their e-mail, only when they joined and where they stand. */
export const inviteeSchema = z.object({
  /** GMT date (YYYY-MM-DD) the invitee used the code. */
  joined_on: z.string(),
  state: z.enum(inviteStates),
  /** What the invitee still has to do (pending), or why the invite will not count (refused), in English; null otherwise. */
  reason: z.string().nullable(),
  /** Pending: the step the invitee has not taken yet (the web says it in the reader's language); null otherwise. */
  waiting_for: z.enum(qualifyOnValues).nullable(),
  /** Refused: why, as a code; null otherwise. */
  refusal: z.enum(inviteRefusals).nullable(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/** `GET /refer_code`: the member's own code, their invitees, and their own use of someone's code. */
export const referralSummarySchema = z.object({
  code: z.string(),
  /** `/?ref=CODE` on the site's public URL. */
  share_url: z.string(),
  /** The code this member used when they joined, if any. */
  used_code: z.string().nullable(),
  invitees: z.number().int(),
  qualified: z.number().int(),
  /** Inviter points qualified and not claimed yet. */
  pending_points: z.number().int(),
  claimed_points: z.number().int(),
  /** Until when this member may still enter someone's code (ISO time); null once they used one. */
  window_ends_at: z.string().nullable(),
  /** The newest invitees first (at most 50). */
  recent: z.array(inviteeSchema),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const useReferralRequestSchema = z.object({ code: referralCodeInputSchema });
export type UseReferralRequest = z.infer<typeof useReferralRequestSchema>;

/** The invitee's side after `POST /refer_code/use`. */
export const useReferralResultSchema = z.object({
  code: z.string(),
  /** Whether it is a KOL's code (its own rates). */
  kol: z.boolean(),
  /** Points the invitee earns once they qualify. */
  invitee_points: z.number().int(),
  /** `pending` until the invitee qualifies; `qualified` (points landed) when they already had. */
  state: z.enum(["pending", "qualified", "refused"]),
  qualify_on: z.enum(qualifyOnValues),
  /** What is left to do, or why the invite does not count, in English (for API clients). */
  reason: z.string().nullable(),
  /** Refused: why, as a code the web says in the reader's language; null otherwise. */
  refusal: z.enum(inviteRefusals).nullable(),
  pts: z.number().int(),
});
export type UseReferralResult = z.infer<typeof useReferralResultSchema>;

export const kolDaySchema = z.object({ date: z.string(), uses: z.number().int(), qualified: z.number().int() });

export const kolCodeStatsSchema = z.object({
  code: z.string(),
  inviter_points: z.number().int(),
  invitee_points: z.number().int(),
  uses: z.number().int(),
  qualified: z.number().int(),
  pending_points: z.number().int(),
  claimed_points: z.number().int(),
  disabled: z.boolean(),
  /** The last 30 GMT days, oldest first. */
  daily: z.array(kolDaySchema),
});
export type KolCodeStats = z.infer<typeof kolCodeStatsSchema>;

/** `GET /refer_code/kol`: `is_kol: false` and no codes for everyone but KOLs. */
export const kolSummarySchema = z.object({ is_kol: z.boolean(), codes: z.array(kolCodeStatsSchema) });
export type KolSummary = z.infer<typeof kolSummarySchema>;
