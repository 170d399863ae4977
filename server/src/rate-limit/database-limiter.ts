import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type RateLimit, type RateLimiter, retryAfter } from "./limiter.js";
import { rateLimits } from "./schema.js";

/** One row per key; a single upsert counts the hit or starts a new window atomically. */
export function createDatabaseRateLimiter(db: Database, now: () => Date): RateLimiter {
  return {
    async hit(limit: RateLimit, subject: string) {
      const at = now();
      const key = `${limit.name}:${subject}`;
      const resetAt = new Date(at.getTime() + limit.windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error("rate limit upsert returned nothing");
      return { allowed: row.count <= limit.max, retryAfterSeconds: retryAfter(row.resetAt.getTime(), at.getTime()) };
    },
    async peek(limit: RateLimit, subject: string) {
      const at = now();
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, `${limit.name}:${subject}`));
      if (!row || row.resetAt.getTime() <= at.getTime()) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: row.count < limit.max, retryAfterSeconds: retryAfter(row.resetAt.getTime(), at.getTime()) };
    },
    async reset(limit: RateLimit, subject: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, `${limit.name}:${subject}`));
    },
    // The database has its own readiness check.
    ping: async () => {},
    close: async () => {},
  };
}
