import type { Logger } from "pino";
import type { DatabaseHandle } from "../../db/client.js";
import { backgroundLoop } from "../../shared/background-loop.js";

/** One server at a time reveals due seeds: the one holding this advisory lock. */
const SEED_REVEALS_LOCK = 0x5eed0043;
const PASS_INTERVAL_MS = 10 * 60 * 1000;
const LEADERSHIP_RETRY_MS = 60 * 1000;

/**
 * Reveals, every 10 minutes, the server seeds whose first opening is 30 days old (decision 0043). Any
 * number of servers may start it; the holder of the advisory lock runs the passes, the others wait to
 * take over. `reveal` is the box service's `revealDueSeeds`, which reads the service's clock; of the
 * database the job needs only its advisory lock.
 */
export function startSeedReveals(options: {
  database: Pick<DatabaseHandle, "tryAdvisoryLock">;
  reveal: () => Promise<number>;
  logger: Logger;
  intervalMs?: number;
}) {
  const { database, reveal } = options;
  const log = options.logger.child({ component: "seed-reveals" });
  const intervalMs = options.intervalMs ?? PASS_INTERVAL_MS;
  return backgroundLoop(async ({ running, sleep }) => {
    while (running()) {
      const lock = await database.tryAdvisoryLock(SEED_REVEALS_LOCK).catch((error: unknown) => {
        log.warn({ err: error }, "seed reveals: could not ask for leadership");
        return null;
      });
      if (!lock) {
        await sleep(LEADERSHIP_RETRY_MS);
        continue;
      }
      try {
        while (running() && (await lock.held())) {
          try {
            const revealed = await reveal();
            if (revealed > 0)
              log.info(
                { revealed },
                `seed reveals: revealed ${revealed} server seeds 30 days after their first opening`,
              );
          } catch (error) {
            // The database is down: the seeds wait for the next pass.
            log.warn({ err: error }, "seed reveals: a pass failed; retrying at the next");
          }
          await sleep(intervalMs);
        }
      } finally {
        await lock.release().catch(() => {});
      }
    }
  });
}
