import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiRoute } from "@arcana/protocol";
import type { RateLimiter } from "../rate-limit/limiter.js";

/** The API call whose handler is running (http/routes.ts sets it around every handler). */
const runningRoute = new AsyncLocalStorage<Pick<ApiRoute, "operationId" | "errors">>();

export function runAsRoute<T>(route: Pick<ApiRoute, "operationId" | "errors">, work: () => T): T {
  return runningRoute.run(route, work);
}

/** A route that reaches a rate limit without listing 429 in its definition (`protocol/routes`). */
export class UndeclaredLimitError extends Error {
  constructor(operationId: string) {
    super(`${operationId} reaches a rate limit, so it can answer 429, but its definition does not list 429`);
    this.name = "UndeclaredLimitError";
  }
}

/**
 * The limiter every service gets: a route that counts against a limit must list 429 among its
 * errors, so the OpenAPI document says what it can answer (issue 26, finding 17). A route that
 * does not is refused with a 500 the first time any test reaches that limit. Work outside a route
 * (the CLI, the indexer) is not concerned.
 */
export function declaredLimits(limiter: RateLimiter): RateLimiter {
  const check = () => {
    const route = runningRoute.getStore();
    if (route && !route.errors.includes(429)) throw new UndeclaredLimitError(route.operationId);
  };
  return {
    hit: async (limit, subject) => {
      check();
      return limiter.hit(limit, subject);
    },
    peek: async (limit, subject) => {
      check();
      return limiter.peek(limit, subject);
    },
    reset: (limit, subject) => limiter.reset(limit, subject),
    ping: () => limiter.ping(),
    close: () => limiter.close(),
  };
}
