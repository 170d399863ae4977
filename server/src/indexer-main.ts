// `npm run indexer`: the chain indexer alone, without the HTTP server.
import pino from "pino";
import { createApp } from "./app.js";
import { bootstrap } from "./bootstrap.js";
import { checkChainIdsAtStart } from "./chain/rpc-health.js";
import { startIndexer } from "./chain/run-indexer.js";

const { config, economy, logger, database } = await bootstrap();
const { chainClients, eventHandlers, limiter, rpcHealth } = createApp({
  config,
  database,
  economy,
  logger: pino({ level: "silent" }),
});
await checkChainIdsAtStart(rpcHealth, { isProduction: config.isProduction, logger });
const indexer = startIndexer({ config, database, chainClients, handlers: eventHandlers, logger });
logger.info("Indexer running; Ctrl-C stops it.");

async function shutdown() {
  await indexer.stop();
  await limiter.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
