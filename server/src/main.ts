import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openConfiguredDatabase } from "./db/open.js";
import { createLogger } from "./logger.js";
import { loadBuiltFrontend } from "./web/frontend.js";
import { createHotFrontend } from "./web/vite-frontend.js";

const hot = process.argv.includes("--hot");

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config);
const step = (message: string) => logger.info(message);

step(
  config.database.url ? "Connecting to PostgreSQL…" : `Opening the embedded database in ${config.database.dataDir}…`,
);
const database = await openConfiguredDatabase(config);
step("Applying database migrations…");
await database.migrate();

step(hot ? "Starting Vite for hot reload…" : "Loading the web app build…");
const hotFrontend = hot ? await createHotFrontend() : null;
const web = hotFrontend ?? (await loadBuiltFrontend(config.env));
const { app, limiter } = createApp({ config, database, logger, web, hotReload: hot });

const listener = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  if (hotFrontend) hotFrontend.middleware(req, res, () => listener(req, res));
  else listener(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host;
  logger.info({ port, env: config.env, database: database.kind }, `Arcana is ready at http://${shownHost}:${port}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: finishing open requests, then stopping`);
  const force = setTimeout(() => {
    logger.warn("requests still open after 10 s; stopping anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.on("close", () => resolve()));
  await hotFrontend?.close();
  await limiter.close();
  await database.close();
  logger.info("stopped");
  logger.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
