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

/**
 * The database operator commands work on: DATABASE_URL when set; otherwise the embedded database,
 * opened directly when no process holds it, or through the PostgreSQL socket of the server that
 * does (`npm start` shares it), so a command never opens the files a running server has open.
 */
export async function openOperatorDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.database.url) {
    const handle = await openDatabase({ kind: "postgres", url: config.database.url, maxConnections: 2 });
    await handle.migrate();
    return handle;
  }
  let holder: LockHolder;
  try {
    const handle = await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
    await handle.migrate();
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
