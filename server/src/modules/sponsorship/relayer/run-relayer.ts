import type { Logger } from "pino";
import type { DatabaseHandle } from "../../../db/client.js";
import { createChainRelayer, type RelayerOptions } from "./relayer.js";

/** Each chain's relayer account is driven by the server holding this lock (plus the chain id) only. */
const RELAYER_LOCK_BASE = 0x5e1a0000;
const LEADERSHIP_RETRY_MS = 2_000;
const IDLE_MS = 250;
const BACKOFF_MS = 2_000;

/**
 * Starts a relayer per sponsored chain. Any number of servers may start them; for each chain, the
 * one holding its advisory lock signs and sends (one sender per relayer account), the others wait
 * to take over. The queue and the signed transactions live in the database, so the taker-over
 * rebroadcasts what the last one stored (decision 0016).
 */
export function startRelayers(options: Omit<RelayerOptions, "db"> & { database: DatabaseHandle; logger: Logger }) {
  const { database, chains, logger } = options;
  let stopped = false;
  const wakers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  const loops = chains.all().map(async (target) => {
    const log = logger.child({ component: "relayer", chainId: target.chain.id });
    const relayer = createChainRelayer(target, { ...options, db: database.db });
    while (!stopped) {
      const lock = await database.tryAdvisoryLock(RELAYER_LOCK_BASE + target.chain.id).catch((error: unknown) => {
        log.warn({ err: error }, "relayer: could not ask for leadership");
        return null;
      });
      if (!lock) {
        await sleep(LEADERSHIP_RETRY_MS);
        continue;
      }
      log.info({ relayer: target.relayer.address }, "relayer: sending for this chain");
      let lastCheck = Date.now();
      try {
        while (!stopped) {
          if (Date.now() - lastCheck > LEADERSHIP_RETRY_MS) {
            lastCheck = Date.now();
            if (!(await lock.held())) {
              log.warn("relayer: lost leadership with the database session; asking again");
              break;
            }
          }
          let more = false;
          try {
            more = await relayer.step();
          } catch (error) {
            // The RPC or the database is down: the queue waits, nothing is lost; try again shortly.
            log.warn({ err: error }, "relayer: a pass failed; retrying");
            await sleep(BACKOFF_MS);
            continue;
          }
          if (!more) await sleep(IDLE_MS);
        }
      } finally {
        await lock.release().catch(() => {});
      }
    }
  });

  return {
    /** A relay was queued here: look now instead of at the next poll. */
    wake() {
      for (const wake of [...wakers]) wake();
    },
    async stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
    },
  };
}
