import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.js";
import { createTestDatabase } from "../test/database.js";
import { createChainClients } from "./clients.js";
import { LEADERSHIP_RETRY_MS, startIndexer } from "./run-indexer.js";

afterEach(() => {
  vi.useRealTimers();
});

/** An indexer on a chain whose RPC never answers (it keeps retrying), with a lock we control. */
async function indexerWithLock(lock: { free: () => boolean; held: () => boolean }) {
  const handle = await createTestDatabase();
  const calls = { asked: 0, led: [] as number[], released: 0 };
  const database = {
    ...handle,
    tryAdvisoryLock: async () => {
      calls.asked += 1;
      if (!lock.free()) return null;
      calls.led.push(Date.now());
      return {
        held: async () => lock.held(),
        release: async () => {
          calls.released += 1;
        },
      };
    },
  };
  const config = loadConfig({
    NODE_ENV: "test",
    CHAINS: "local",
    LOCAL_RPC_URL: "http://127.0.0.1:9",
    LOCAL_GENESIS_PASS_ADDRESS: `0x${"1".repeat(40)}`,
    LOCAL_DAILY_ADDRESS: `0x${"2".repeat(40)}`,
  });
  vi.useFakeTimers();
  const indexer = startIndexer({
    config,
    database,
    chainClients: createChainClients(config),
    handlers: [],
    logger: pino({ level: "silent" }),
  });
  return {
    calls,
    stop: async () => {
      // The RPC client's retries wait on the fake clock too: run it on while the indexer stops
      // (vi.waitFor moves the fake clock on each check and lets real database I/O finish between).
      let stopped = false;
      void indexer.stop().then(() => {
        stopped = true;
      });
      await vi.waitFor(() => expect(stopped).toBe(true), { timeout: 15_000, interval: 100 });
      vi.useRealTimers();
      await handle.dispose();
    },
  };
}

describe("the indexer's leadership", () => {
  it("a waiting server takes over within 2 s of the leader's lock going away", async () => {
    let leaderAlive = true;
    const t = await indexerWithLock({ free: () => !leaderAlive, held: () => true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.calls.led).toEqual([]);
    // The leader dies (SIGKILL): PostgreSQL ends its session and frees the lock.
    leaderAlive = false;
    const diedAt = Date.now();
    await vi.waitFor(() => expect(t.calls.led).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect((t.calls.led[0] ?? 0) - diedAt).toBeLessThanOrEqual(LEADERSHIP_RETRY_MS + 50);
    await t.stop();
  });

  it("a leader whose database session ended stops following and asks for the lock again", async () => {
    // Found by the reliability suite: after a database outage the old leader kept indexing without
    // its lock while a second server took the lock and indexed too.
    let sessionAlive = true;
    const t = await indexerWithLock({ free: () => true, held: () => sessionAlive });
    await vi.advanceTimersByTimeAsync(LEADERSHIP_RETRY_MS * 2);
    expect(t.calls.led).toHaveLength(1);
    expect(t.calls.released).toBe(0);
    sessionAlive = false;
    const lostAt = Date.now();
    await vi.waitFor(() => expect(t.calls.led).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(t.calls.released).toBe(1);
    // The watchdog notices within one retry period, and the lock is asked for again at once.
    expect((t.calls.led[1] ?? 0) - lostAt).toBeLessThanOrEqual(LEADERSHIP_RETRY_MS + 100);
    await t.stop();
  });
});
