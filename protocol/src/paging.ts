import { z } from "zod";
import { limits } from "./constants.js";

/** A cursor-paged list's query: `cursor` is the previous page's `next_cursor` (opaque). */
export const pageQuerySchema = z.object({
  per_page: z.coerce
    .number()
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(limits.maxPageSize, `per_page must be at most ${limits.maxPageSize}`)
    .default(limits.rewardsPageSize),
  cursor: z.string().max(200).optional(),
});
