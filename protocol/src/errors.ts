import { z } from "zod";
import { dependencies, errorCodes } from "./error-codes.js";

export const errorCodeSchema = z.enum(errorCodes);

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Seconds until a rate-limited call may be retried. */
    retry_after: z.number().int().optional(),
    /** ISO time from which a refused unstake is allowed. */
    unlocks_at: z.string().optional(),
    /** With `quota_used`: the member's sponsored transactions per GMT day. */
    quota: z.number().int().optional(),
    /** With `simulation_reverted`: the contract's error name (e.g. `AlreadyCheckedIn`), when it decoded. */
    revert: z.string().optional(),
    /** With `dependency_unavailable`: which service the server could not reach. */
    dependency: z.enum(dependencies).optional(),
    /** Field-level problems for a bad request. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the `{data}` envelope every successful answer uses. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
