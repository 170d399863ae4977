import { z } from "zod";
import { MAX_CHAIN_ID } from "./chains.js";
import { txHashSchema } from "./hex.js";

/**
 * The check-in window `GET /blockchain/check_in` returns: the 7 GMT days ending today, oldest
 * first, so today is always the last entry (a rolling week, not a calendar Mon–Sun week).
 */
export const CHECK_IN_WINDOW_DAYS = 7;

export const checkInDaySchema = z.object({
  /** `YYYY-MM-DD`, a GMT date. */
  date: z.string(),
  checked: z.boolean(),
});
export type CheckInDay = z.infer<typeof checkInDaySchema>;

export const checkInStatusSchema = z.object({
  /** Consecutive GMT days checked in, ending today or yesterday; 0 once a day is missed. */
  current_streak: z.number().int(),
  today_checked: z.boolean(),
  dates: z.array(checkInDaySchema),
  /** Points the member's next check-in earns: today's if not done yet, else tomorrow's (streak kept). */
  next_reward_points: z.number().int(),
});
export type CheckInStatus = z.infer<typeof checkInStatusSchema>;

/** `POST /blockchain/check_in` and `POST /blockchain/tarot`: credit a transaction before the indexer sees it. */
export const chainTransactionRequestSchema = z.object({
  tx_hash: txHashSchema,
  chain_id: z.number().int().positive().max(MAX_CHAIN_ID, "no such chain"),
});

export const checkInResultSchema = z.object({
  /** False when this day was already credited (by the indexer or an earlier call): nothing changed. */
  credited: z.boolean(),
  date: z.string(),
  streak: z.number().int(),
  points: z.number().int(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;
