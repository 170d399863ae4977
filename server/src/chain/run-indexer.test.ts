import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.js";
import { createTestDatabase } from "../test/database.js";
import { createChainClients } from "./clients.js";
import { LEADERSHIP_RETRY_MS, startIndexer } from "./run-indexer.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("the indexer's leadership", () => {
  it("a waiting server takes over within 2 s of the leader's lock going away", async () => {
    const handle = await createTestDatabase();
    vi.useFakeTimers();
    let leaderAlive = true;
    let ledAt: number | null = null;
    // Another server holds the lock until it dies.
    const database = {
      ...handle,
      tryAdvisoryLock: async () => {
        if (leaderAlive) return null;
        ledAt ??= Date.now();
        return async () => {};
      },
    };
    const config = loadConfig({ NODE_ENV: "test", CHAINS: "local" });
    const indexer = startIndexer({
      config,
      database,
      chainClients: createChainClients(config),
      handlers: [],
      logger: pino({ level: "silent" }),
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ledAt).toBeNull();
    // The leader dies (SIGKILL): PostgreSQL ends its session and frees the lock.
    leaderAlive = false;
    const diedAt = Date.now();
    await vi.advanceTimersByTimeAsync(LEADERSHIP_RETRY_MS);
    expect(ledAt).not.toBeNull();
    expect((ledAt ?? 0) - diedAt).toBeLessThanOrEqual(2_000);
    await indexer.stop();
    vi.useRealTimers();
    await handle.dispose();
  });
});
