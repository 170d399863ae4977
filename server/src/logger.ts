import pino, { type Logger } from "pino";
import type { Config } from "./config.js";

/**
 * JSON logs in production (for a log collector); readable lines otherwise, at a terminal or not (`npm start` piped
 * to a file, a test's captured output), coloured at a terminal only.
 */
export function createLogger(config: Pick<Config, "logLevel" | "isProduction">): Logger {
  if (config.isProduction) return pino({ level: config.logLevel });
  return pino({
    level: config.logLevel,
    transport: {
      target: "pino-pretty",
      options: { colorize: Boolean(process.stdout.isTTY), ignore: "pid,hostname", translateTime: "HH:MM:ss" },
    },
  });
}
