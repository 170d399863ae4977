/** Numbers the spec fixes; the web and the server read them from here. */
export const limits = {
  /** Rewards history page size (spec §9). */
  rewardsPageSize: 100,
  maxPageSize: 100,
  featuredWallets: 3,
  walletDetectionTimeoutMs: 5000,
} as const;

export const timings = {
  copiedIndicatorMs: 1500,
  buildCheckIntervalMs: 60 * 60 * 1000,
  buildPrefetchDelayMs: 1000,
  chunkReloadGuardMs: 10_000,
  deviceResizeDebounceMs: 50,
  queryRetries: 3,
  queryRetryMaxDelayMs: 30_000,
  queryGcTimeMs: 5 * 60 * 1000,
  persistMaxAgeMs: 24 * 60 * 60 * 1000,
  persistThrottleMs: 1000,
} as const;
