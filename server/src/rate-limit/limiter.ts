import { ApiError } from "../shared/errors.js";

/** The outcome of counting one more hit against a limit. */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when refused). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  /** Distinguishes limits; keys are `${name}:${subject}`. */
  name: string;
  max: number;
  windowMs: number;
}

/** Fixed-window counters shared by every server: in the database, or in Redis when configured. */
export interface RateLimiter {
  hit(limit: RateLimit, subject: string): Promise<RateLimitResult>;
  /** Whether one more hit would be allowed now, without counting one. */
  peek(limit: RateLimit, subject: string): Promise<RateLimitResult>;
  /** Forgets a subject's count (e.g. after a successful sign-in). */
  reset(limit: RateLimit, subject: string): Promise<void>;
  /** Resolves when the store the counters live in answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function retryAfter(resetAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000));
}

/** Counts one hit; a refused one answers 429 `too_many_requests` with `retry_after` (seconds). */
export async function enforceLimit(limiter: RateLimiter, limit: RateLimit, subject: string, message: string) {
  const result = await limiter.hit(limit, subject);
  if (!result.allowed) {
    throw new ApiError("too_many_requests", message, { retry_after: result.retryAfterSeconds });
  }
}
