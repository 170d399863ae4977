import { Redis } from "ioredis";
import { type RateLimit, type RateLimiter, retryAfter } from "./limiter.js";

/** INCR plus an expiry set on the window's first hit; shared by every server on the same Redis. */
export function createRedisRateLimiter(url: string, now: () => Date): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return {
    async hit(limit: RateLimit, subject: string) {
      const key = `arcana:rl:${limit.name}:${subject}`;
      const result = await redis.multi().incr(key).pexpire(key, limit.windowMs, "NX").pttl(key).exec();
      if (!result) throw new Error("Redis transaction was discarded");
      const count = Number(result[0]?.[1]);
      const ttl = Math.max(0, Number(result[2]?.[1]));
      const at = now().getTime();
      return { allowed: count <= limit.max, retryAfterSeconds: retryAfter(at + ttl, at) };
    },
    async reset(limit: RateLimit, subject: string) {
      await redis.del(`arcana:rl:${limit.name}:${subject}`);
    },
    close: async () => {
      await redis.quit();
    },
  };
}
