import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import type { Config } from "./config.js";

/**
 * JSON logs in production (for a log collector); readable lines otherwise, at a terminal or not (`npm start` piped
 * to a file, a test's captured output), coloured at a terminal only. pino-pretty runs as a stream in this thread, not
 * as a transport: a transport's worker file cannot be found from the bundled `server/dist`, and production installs
 * go without pino-pretty (a development tool), so it is loaded only here.
 */
export function createLogger(config: Pick<Config, "logLevel" | "isProduction">): Logger {
  if (config.isProduction) return pino({ level: config.logLevel });
  const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => NodeJS.WritableStream;
  return pino(
    { level: config.logLevel },
    pretty({ colorize: Boolean(process.stdout.isTTY), ignore: "pid,hostname", translateTime: "HH:MM:ss", sync: true }),
  );
}
