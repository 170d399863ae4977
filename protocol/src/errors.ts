import { z } from "zod";

/** Every error code the API can answer with. Clients switch on these, never on messages. */
export const errorCodes = [
  "bad_request",
  "invalid_email",
  "invalid_code",
  "code_expired",
  "code_locked",
  "invalid_credentials",
  "unauthenticated",
  "forbidden",
  "foreign_origin",
  "not_found",
  "conflict",
  "too_many_requests",
  "payload_too_large",
  "service_unavailable",
  "internal_error",
] as const;

export type ErrorCode = (typeof errorCodes)[number];
export const errorCodeSchema = z.enum(errorCodes);

/** The HTTP status each code is answered with. */
export const errorStatus: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503> = {
  bad_request: 400,
  invalid_email: 400,
  invalid_code: 400,
  code_expired: 400,
  code_locked: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  forbidden: 403,
  foreign_origin: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  payload_too_large: 413,
  service_unavailable: 503,
  internal_error: 500,
};

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Seconds until a rate-limited call may be retried. */
    retry_after: z.number().int().optional(),
    /** Field-level problems for a bad request. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the `{data}` envelope every successful answer uses. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
