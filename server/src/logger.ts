import pino, { type Logger } from "pino";
import type { Config } from "./config.js";

/** JSON logs in production; readable lines for a person at a terminal otherwise. */
export function createLogger(config: Pick<Config, "logLevel" | "isProduction">): Logger {
  if (config.isProduction || !process.stdout.isTTY) return pino({ level: config.logLevel });
  return pino({
    level: config.logLevel,
    transport: {
      target: "pino-pretty",
      options: { colorize: true, ignore: "pid,hostname", translateTime: "HH:MM:ss" },
    },
  });
}
