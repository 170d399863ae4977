import { z } from "zod";

export const healthSchema = z.object({ status: z.literal("ok") });
export const readinessSchema = z.object({
  /** `degraded`: serving (200), but a check that does not stop the whole site failed (a chain's signer). */
  status: z.enum(["ready", "degraded", "unavailable"]),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), reason: z.string().optional() })),
});
export type Readiness = z.infer<typeof readinessSchema>;
