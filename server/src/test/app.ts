import pino from "pino";
import { type AppDeps, createApp } from "../app.js";
import { loadConfig } from "../config.js";
import { createTestDatabase } from "./database.js";

/** The whole API on a fresh database, driven through `app.request` without a socket. */
export async function createTestApp(env: Record<string, string> = {}, extraApiRoutes?: AppDeps["extraApiRoutes"]) {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  const database = await createTestDatabase();
  const logger = pino({ level: "silent" });
  const { app, metrics } = createApp({ config, database, logger, extraApiRoutes });
  return { app, metrics, config, database, dispose: () => database.dispose() };
}
