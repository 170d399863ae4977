import { timings } from "@arcana/protocol";
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api-error";

/** Exponential back-off between query retries: 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(attemptIndex: number) {
  return Math.min(1000 * 2 ** attemptIndex, timings.queryRetryMaxDelayMs);
}

/** A refused request (4xx) will be refused again; only outages are worth asking again. */
export function retryOutages(failureCount: number, error: Error) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < timings.queryRetries;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOutages, retryDelay: queryRetryDelay, gcTime: timings.queryGcTimeMs },
      // A write the member asked for is never repeated behind their back.
      mutations: { retry: 0 },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/**
 * One client per browser tab, so the cache survives re-renders of the root; one per call on the
 * server, so two members' requests never share a cache.
 */
export function getQueryClient() {
  if (typeof window === "undefined") return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}
