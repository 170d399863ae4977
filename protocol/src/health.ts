import { z } from "zod";

export const healthSchema = z.object({ status: z.literal("ok") });
export const readinessSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), reason: z.string().optional() })),
});
export type Readiness = z.infer<typeof readinessSchema>;
