import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/client.js";
import { wakeableSleep } from "../shared/background-loop.js";
import type { ChainClients } from "./clients.js";
import type { EventHandler } from "./events.js";
import { createIndexer } from "./indexer.js";

/** Any number of servers may start an indexer; only the holder of this lock follows the chains. */
const INDEXER_LOCK_KEY = 0x4a7ca1;
// A waiting server asks again this often: a dead leader is replaced within this time (the lock goes
// with its database session), well inside the 10 s the operating guide promises.
export const LEADERSHIP_RETRY_MS = 2_000;

export function startIndexer(options: {
  config: Config;
  database: DatabaseHandle;
  chainClients: ChainClients;
  handlers: EventHandler[];
  logger: Logger;
}) {
  const { database, logger } = options;
  let stopped = false;
  const { sleep, wake } = wakeableSleep();
  const indexer = createIndexer({
    db: database.db,
    clients: options.chainClients,
    chains: options.config.chains,
    handlers: options.handlers,
    logger: logger.child({ component: "indexer" }),
    async withLeadership(follow) {
      while (!stopped) {
        const lock = await database.tryAdvisoryLock(INDEXER_LOCK_KEY).catch((error: unknown) => {
          logger.warn({ err: error }, "indexer: could not ask for leadership");
          return null;
        });
        if (lock) {
          logger.info("indexer: leading; following the chains");
          // The lock goes with the database session: after a lost connection another server may
          // lead, so this one stops following and asks again rather than indexing beside it.
          const lost = new AbortController();
          const watchdog = setInterval(() => {
            void lock.held().then((held) => {
              if (held || lost.signal.aborted) return;
              logger.warn("indexer: lost leadership with the database session; asking again");
              lost.abort();
            });
          }, LEADERSHIP_RETRY_MS);
          try {
            await follow(lost.signal);
          } finally {
            clearInterval(watchdog);
            await lock.release();
          }
          if (!lost.signal.aborted) return;
          continue;
        }
        logger.debug("indexer: another server leads; waiting");
        await sleep(LEADERSHIP_RETRY_MS);
      }
    },
  });
  indexer.start();
  return {
    async stop() {
      stopped = true;
      wake();
      await indexer.stop();
    },
  };
}
