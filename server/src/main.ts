import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.js";
import { bootstrap } from "./bootstrap.js";
import { checkChainIdsAtStart } from "./chain/rpc-health.js";
import { startIndexer } from "./chain/run-indexer.js";
import { closeConnectionsInStages } from "./http/staged-close.js";
import { startSeedReveals } from "./modules/boxes/run-seed-reveals.js";
import { startReminders } from "./modules/reminders/api.js";
import { startRelayers } from "./modules/sponsorship/relayer/run-relayer.js";
import { stopWhenParentExits } from "./parent-watch.js";
import { readyLine, version } from "./version.js";
import { loadBuiltFrontend, preloadBuiltFrontend } from "./web/frontend.js";
import { createHotFrontend } from "./web/vite-frontend.js";

const hot = process.argv.includes("--hot");
// Unless `npm start` is still building it: the web app loads while the database opens and migrates.
if (!hot && process.env.WEB_BUILD_PENDING !== "1") preloadBuiltFrontend();

const { config, economy, logger, database } = await bootstrap();
if (database.share) {
  const { host, port } = await database.share(config.database.socketPort);
  logger.info(
    { databaseSocket: `${host}:${port}` },
    `The embedded database is shared on postgres://postgres@${host}:${port}/postgres (psql, npm run admin)`,
  );
}

if (process.env.WEB_BUILD_PENDING === "1" && process.send) {
  // `npm start` builds the web app while this server starts: its word says the build is complete.
  logger.info("Waiting for the web app build to finish…");
  await new Promise<void>((resolve) =>
    process.on("message", (message) => {
      if (message === "web-build-ready") resolve();
    }),
  );
  process.disconnect?.();
}
for (const warning of config.warnings) logger.warn(warning);
logger.info(hot ? "Starting Vite for hot reload…" : "Loading the web app build…");
const hotFrontend = hot ? await createHotFrontend() : null;
const web = hotFrontend ?? (await loadBuiltFrontend(config.env));
const { app, boxes, limiter, chainClients, eventHandlers, relaying, signerHealth, rpcHealth, reminders } = createApp({
  config,
  database,
  logger,
  web,
  hotReload: hot,
  economy,
});
// Each chain's RPC must serve the configured chain: members would sign for one chain id and send to another.
await checkChainIdsAtStart(rpcHealth, { isProduction: config.isProduction, logger });
// Each chain's authorizer against SIGNER_PRIVATE_KEY: a mismatch is logged as an error now, not found by a reverted mint.
void signerHealth.check();
const stopSignerWatch = signerHealth.watch();
const indexer = config.indexerEnabled
  ? startIndexer({ config, database, chainClients, handlers: eventHandlers, logger })
  : null;
const relayers = config.relayerEnabled
  ? startRelayers({
      database,
      chains: relaying.chains,
      chainClients,
      economy,
      config,
      logger,
      now: () => new Date(),
    })
  : null;
if (relayers) relaying.onRelayQueued(relayers.wake);
const seedReveals = startSeedReveals({ database, reveal: boxes.revealDueSeeds, logger });
// Streak reminders: every server plans and sends (one job per member and day, claimed with SKIP LOCKED).
const reminderScheduler = economy.reminders.enabled ? startReminders({ sender: reminders, logger }) : null;

const listener = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  if (hotFrontend) hotFrontend.middleware(req, res, () => listener(req, res));
  else listener(req, res);
});
server.keepAliveTimeout = 65_000;
// A body refused unread (413, 403) is read and dropped before the socket closes, so the client reads the answer.
closeConnectionsInStages(server);
server.listen(config.port, config.host, () => {
  const address = server.address();
  const ready = readyLine({
    siteName: config.branding.siteName,
    publicUrl: config.publicUrl,
    configuredPort: config.port,
    listening: typeof address === "object" && address ? address : String(address),
  });
  logger.info(
    { listening: ready.listening, publicUrl: ready.publicUrl, version, env: config.env, database: database.kind },
    ready.message,
  );
  if (!config.mail.smtpUrl) logger.info(`Sign-in codes and other e-mails arrive at ${ready.publicUrl}/dev/mailbox`);
});

let stopping = false;
async function shutdown(reason: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${reason}: finishing open requests, then stopping`);
  const force = setTimeout(() => {
    logger.warn("requests still open after 10 s; stopping anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.on("close", () => resolve()));
  stopSignerWatch();
  await indexer?.stop();
  await relayers?.stop();
  await seedReveals.stop();
  await reminderScheduler?.stop();
  await hotFrontend?.close();
  await limiter.close();
  await database.close();
  logger.info("stopped");
  logger.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM received"));
process.on("SIGINT", () => void shutdown("SIGINT received"));
stopWhenParentExits((reason) => void shutdown(reason), {
  startedByNpm: process.env.npm_lifecycle_event !== undefined,
});
