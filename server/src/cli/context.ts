import { InvalidArgumentError } from "commander";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Economy } from "../economy.js";
import type { Actor } from "../modules/operator/api.js";

/** What every command file gets: configuration, economy and database (each read on first use), and output. */
export interface CliContext {
  config: Config;
  economy: Economy;
  /** The database for a command that writes (pending migrations applied first). */
  database(): Promise<Database>;
  /** Runs a reading command in a read-only transaction: it cannot write, and migrates nothing. */
  read<T>(query: (db: Database) => Promise<T>): Promise<T>;
  print(text: string): void;
  /** A line on stderr, for the operator rather than a pipe (which database a command uses, …). */
  note(text: string): void;
  /** Who the audit log names for a change: `cli` and the operating-system user. */
  actor: Actor;
}

/** A positive whole number argument (points, …); anything else is a usage error. */
export function positiveWholeNumber(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed <= 0 || parsed > 2_147_483_647) {
    throw new InvalidArgumentError("It must be a whole number from 1 to 2147483647.");
  }
  return parsed;
}
