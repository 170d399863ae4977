import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.js";
import { startSeedReveals } from "./run-seed-reveals.js";

/** A database whose advisory lock this process holds, or never gets (another server leads). */
function lockingDatabase(leads: boolean) {
  const asked: number[] = [];
  const database: Pick<DatabaseHandle, "tryAdvisoryLock"> = {
    tryAdvisoryLock: async (key: number) => {
      asked.push(key);
      return leads ? { held: async () => true, release: async () => {} } : null;
    },
  };
  return { database, asked };
}

describe("the seed-reveal job", () => {
  it("reveals due seeds while it holds the lock, pass after pass, and stops when asked", async () => {
    const { database, asked } = lockingDatabase(true);
    let passes = 0;
    let twoPasses = () => {};
    const reachedTwo = new Promise<void>((resolve) => (twoPasses = resolve));
    const job = startSeedReveals({
      database,
      logger: pino({ level: "silent" }),
      intervalMs: 1,
      reveal: async () => {
        passes += 1;
        if (passes === 2) twoPasses();
        return passes === 1 ? 3 : 0;
      },
    });
    await reachedTwo;
    await job.stop();
    // One leadership for every pass.
    expect(asked).toHaveLength(1);
    expect(passes).toBeGreaterThanOrEqual(2);
  });

  it("a server that does not hold the lock reveals nothing and stops at once", async () => {
    const { database, asked } = lockingDatabase(false);
    let passes = 0;
    const job = startSeedReveals({
      database,
      logger: pino({ level: "silent" }),
      reveal: async () => {
        passes += 1;
        return 0;
      },
    });
    await expect.poll(() => asked.length).toBe(1);
    await job.stop();
    expect(passes).toBe(0);
  });
});
