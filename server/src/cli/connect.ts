import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { currentHolder, DatabaseInUseError, type LockHolder } from "../db/embedded-lock.js";

/** A command that could not do what it was asked: its message is for the operator; exit code 1. */
export class OperationFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperationFailed";
  }
}

function socketUrl(socket: NonNullable<LockHolder["socket"]>): string {
  return `postgres://postgres@${socket.host}:${socket.port}/postgres`;
}

/**
 * The URL `psql` (or the CLI) can use for the configured database: DATABASE_URL, or the socket of
 * the process that holds the embedded database.
 */
export function sharedDatabaseUrl(config: Config): string {
  if (config.database.url) return config.database.url;
  const holder = currentHolder(config.database.dataDir);
  if (holder?.socket) return socketUrl(holder.socket);
  throw new OperationFailed(
    holder
      ? `The embedded database in ${config.database.dataDir} is held by process ${holder.pid} (${holder.command}), which does not share it. Only the server (npm start) shares it.`
      : `Nothing shares the embedded database in ${config.database.dataDir}: start the server (npm start) first.`,
  );
}

/** A PostgreSQL URL with its password replaced by `***`, fit to print. */
export function withoutPassword(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed) return "(an unparsable DATABASE_URL)";
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** The line every command that uses the database prints first: which one, and under which NODE_ENV. */
export function describeDatabase(config: Config): string {
  const where = config.database.url
    ? `PostgreSQL ${withoutPassword(config.database.url)}`
    : `the embedded database in ${config.database.dataDir}`;
  return `Database: ${where} (NODE_ENV=${config.env})`;
}

/** Whether DATA_DIR holds an embedded database, or a running process holds it (and may share it). */
function hasEmbeddedDatabase(config: Config): boolean {
  const dataDir = config.database.dataDir;
  return existsSync(path.join(dataDir, "PG_VERSION")) || currentHolder(dataDir) !== null;
}

/**
 * Refuses to make a new embedded database by accident (a shell without DATABASE_URL would otherwise
 * work on a fresh, empty one and report success): it takes `--create`, and never in production.
 */
export function checkEmbeddedDatabaseExists(config: Config, create: boolean) {
  const dataDir = config.database.dataDir;
  if (config.database.url || hasEmbeddedDatabase(config)) return;
  if (config.isProduction) {
    throw new OperationFailed(
      `There is no database in ${dataDir}, and NODE_ENV=production never makes one here. Set DATABASE_URL to the servers' database (or DATA_DIR to the embedded database's directory).`,
    );
  }
  if (!create) {
    throw new OperationFailed(
      `There is no database in ${dataDir} (DATABASE_URL is not set). Set DATABASE_URL to the servers' database (or DATA_DIR to the embedded one's directory), or add --create to make a new, empty embedded database there.`,
    );
  }
}

/**
 * The database operator commands work on: DATABASE_URL when set; otherwise the embedded database,
 * opened directly when no process holds it, or through the PostgreSQL socket of the server that
 * does (`npm start` shares it), so a command never opens the files a running server has open.
 * `migrate`: apply pending migrations first (commands that write; reading commands never do).
 */
export async function openOperatorDatabase(
  config: Config,
  options: { create?: boolean; migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  checkEmbeddedDatabaseExists(config, options.create ?? false);
  // A database made just now (--create) gets its tables whatever the command.
  const migrate = (options.migrate ?? true) || (!config.database.url && !hasEmbeddedDatabase(config));
  if (config.database.url) {
    const handle = await openDatabase({ kind: "postgres", url: config.database.url, maxConnections: 2 });
    if (migrate) await handle.migrate();
    return handle;
  }
  let holder: LockHolder;
  try {
    const handle = await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
    if (migrate) await handle.migrate();
    return handle;
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    holder = error.holder;
    if (!holder.socket) {
      throw new OperationFailed(
        `${error.message}\nThat process does not share it on a socket (only the server does). Wait for it to finish or stop it, then run this command again.`,
      );
    }
  }
  const handle = await openDatabase({ kind: "postgres", url: socketUrl(holder.socket), sharedEmbedded: true });
  try {
    await handle.ping();
  } catch (error) {
    await handle.close().catch(() => {});
    throw new OperationFailed(
      `The embedded database in ${config.database.dataDir} is held by process ${holder.pid} (${holder.command}), ` +
        `but its socket ${holder.socket.host}:${holder.socket.port} does not answer (${error instanceof Error ? error.message : String(error)}). ` +
        "Restart the server (npm start), or stop it and run this command again.",
    );
  }
  return handle;
}
