import { Redis } from "ioredis";
import { DependencyUnavailableError } from "../shared/errors.js";
import { type RateLimit, type RateLimiter, retryAfter } from "./limiter.js";

/** INCR plus an expiry set on the window's first hit; shared by every server on the same Redis. */
export function createRedisRateLimiter(url: string, now: () => Date): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // ioredis reconnects by itself; a call made while it is away fails below and answers 503.
  redis.on("error", () => {});

  async function run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new DependencyUnavailableError("redis", { cause: error });
    }
  }

  return {
    async hit(limit: RateLimit, subject: string) {
      const key = `arcana:rl:${limit.name}:${subject}`;
      const result = await run(() => redis.multi().incr(key).pexpire(key, limit.windowMs, "NX").pttl(key).exec());
      if (!result) throw new DependencyUnavailableError("redis");
      const count = Number(result[0]?.[1]);
      const ttl = Math.max(0, Number(result[2]?.[1]));
      const at = now().getTime();
      return { allowed: count <= limit.max, retryAfterSeconds: retryAfter(at + ttl, at) };
    },
    async peek(limit: RateLimit, subject: string) {
      const key = `arcana:rl:${limit.name}:${subject}`;
      const result = await run(() => redis.multi().get(key).pttl(key).exec());
      if (!result) throw new DependencyUnavailableError("redis");
      const count = Number(result[0]?.[1] ?? 0);
      const ttl = Math.max(0, Number(result[1]?.[1]));
      const at = now().getTime();
      return { allowed: count < limit.max, retryAfterSeconds: retryAfter(at + ttl, at) };
    },
    async reset(limit: RateLimit, subject: string) {
      await run(() => redis.del(`arcana:rl:${limit.name}:${subject}`));
    },
    async ping() {
      await run(() => redis.ping());
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
