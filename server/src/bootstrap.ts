import { type Config, ConfigError, loadConfig } from "./config.js";
import { DataDirectoryError } from "./db/data-directory.js";
import { DatabaseInUseError } from "./db/embedded-lock.js";
import { openConfiguredDatabase } from "./db/open.js";
import { type Economy, EconomyError, loadEconomy } from "./economy.js";
import { createLogger } from "./logger.js";

/** A wrong setting stops the process with a message that names it, not a stack trace. */
function orExit<T>(read: () => T, isExpected: (error: unknown) => boolean, prefix = ""): T {
  try {
    return read();
  } catch (error) {
    if (!isExpected(error)) throw error;
    console.error(`${prefix}${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** What every Arcana process starts with: checked configuration and economy, logs, a migrated database. */
export async function bootstrap() {
  const config: Config = orExit(
    () => loadConfig(),
    (e) => e instanceof ConfigError,
  );
  const economy: Economy = orExit(
    () => loadEconomy(config.economyFile),
    (e) => e instanceof EconomyError,
    `Invalid economy file ${config.economyFile}:\n`,
  );
  const logger = createLogger(config);
  logger.info(
    config.database.url ? "Connecting to PostgreSQL…" : `Opening the embedded database in ${config.database.dataDir}…`,
  );
  const database = await openConfiguredDatabase(config).catch((error: unknown) => {
    // Another process has the embedded database open, or DATA_DIR cannot hold it: say so, rather than a stack trace.
    if (!(error instanceof DatabaseInUseError || error instanceof DataDirectoryError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  logger.info("Applying database migrations…");
  await database.migrate();
  return { config, economy, logger, database };
}
