import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { checkDataDirectory } from "./data-directory.js";
import { lockDatabaseDirectory } from "./embedded-lock.js";
import { type SharedDatabase, shareOnSocket } from "./embedded-socket.js";
import { dumpEmbeddedDatabase } from "./export.js";
import * as schema from "./schema.js";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or an open transaction: a service's writes join the caller's transaction when there is one. */
export type DatabaseOrTransaction = Database | Transaction;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Takes a session-level advisory lock on a dedicated connection, or resolves to null when another
   * process holds it. PGlite is one process's database: the lock is always free.
   */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /**
   * PostgreSQL only (absent on PGlite and on an embedded database shared on its socket): follows
   * NOTIFY messages on `channel` on a connection of its own until `stop()` or `close()`.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
  /**
   * PGlite only: serves the database on 127.0.0.1:`port` (0: a free port) over the PostgreSQL
   * protocol and records it in the directory's lock file, until `close()`.
   */
  share?(port: number): Promise<{ host: string; port: number }>;
  /** PGlite only: a plain SQL dump that psql 15+ loads into an empty PostgreSQL database (`db export`). */
  dump?(): Promise<string>;
}

export interface NotificationHandlers {
  message(payload: string): void;
  /** Messages may have been missed: (re)listening began, or the channel stopped answering. */
  reset(): void;
}

/** A channel being followed. */
export interface Subscription {
  /**
   * True while messages are known to arrive: a beat this process sends on the channel through the
   * pool every half second came back within the last 1.5 s. A lost listening connection shows
   * here within 1.5 s, and the subscription listens afresh.
   */
  live(): boolean;
  stop(): Promise<void>;
}

const BEAT_MS = 500;
const LIVE_MS = 1_500;

/** Follows `channel` on postgres.js's listening connection, with the beat `Subscription.live` reads. */
async function subscribe(
  client: postgres.Sql,
  db: Database,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  const beat = `beat:${randomUUID()}`;
  let lastBeat = 0;
  let listeningSince = Date.now();
  let current: { unlisten(): Promise<void> } | null = null;
  let subscribing: Promise<void> | null = null;
  let stopped = false;
  const unlisten = async () => {
    await current?.unlisten().catch(() => {});
  };
  const listen = () => {
    subscribing ??= (async () => {
      await unlisten();
      listeningSince = Date.now();
      current = await client.listen(
        channel,
        (payload) => {
          if (payload === beat) lastBeat = Date.now();
          else if (!payload.startsWith("beat:")) handlers.message(payload);
        },
        () => handlers.reset(),
      );
    })()
      .catch(() => {})
      .finally(() => {
        subscribing = null;
      });
    return subscribing;
  };
  // Through drizzle, as every other query. (The crash a raw tagged query here once met in the
  // reliability suite's database cut was postgres.js writing without a socket: decision 0012.)
  const sendBeat = () => db.execute(sql`select pg_notify(${channel}, ${beat})`).catch(() => {});
  await listen();
  if (closedClients.has(client)) {
    await unlisten();
    throw new Error("the database was closed");
  }
  void sendBeat();
  const timer = setInterval(() => {
    const silentFor = Date.now() - Math.max(lastBeat, listeningSince);
    if (Date.now() - lastBeat > LIVE_MS) handlers.reset();
    if (silentFor > 2 * LIVE_MS) void listen();
    void sendBeat();
  }, BEAT_MS);
  timer.unref();
  const subscription: Subscription = {
    live: () => !stopped && Date.now() - lastBeat < LIVE_MS,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      subscriptions.delete(subscription);
      await unlisten();
    },
  };
  const subscriptions = subscriptionsOf.get(client) ?? new Set<Subscription>();
  subscriptionsOf.set(client, subscriptions);
  subscriptions.add(subscription);
  return subscription;
}
const subscriptionsOf = new WeakMap<postgres.Sql, Set<Subscription>>();
const closedClients = new WeakSet<postgres.Sql>();

/** A held advisory lock. It lives as long as its database session: a dropped connection loses it. */
export interface AdvisoryLock {
  /** Whether this session still holds the lock (false once its connection was lost). */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

export type DatabaseTarget =
  /** `sharedEmbedded`: the URL is another process's PGlite shared on its socket (one session, no prepared statements). */
  | { kind: "postgres"; url: string; maxConnections?: number; sharedEmbedded?: boolean }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

/**
 * PGlite's PostgreSQL with a 32 MB buffer pool instead of its 128 MB default: zeroing 128 MB of WebAssembly memory was
 * most of opening an embedded database (about 1.2 s of a 2.6 s restart on this project's shared 2-core machine;
 * decision 0031), and one session on a community's data rarely keeps more than 32 MB of pages hot. Its other start
 * parameters stay its own. (An in-memory database, the tests', keeps the default: PGlite applies them to a directory.)
 */
const embeddedStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** What this process runs, written in the lock files it takes (`server/src/main.ts`, …). */
function currentCommand(): string {
  const script = process.argv[1];
  return script ? path.relative(process.cwd(), script) || script : "node";
}

/**
 * Opens the database. An embedded directory is locked for this process first: a directory another
 * live process holds throws `DatabaseInUseError` (see embedded-lock.ts) instead of being opened twice.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    const { dataDir } = target;
    if (dataDir) checkDataDirectory(dataDir);
    const lock = dataDir ? lockDatabaseDirectory(dataDir, currentCommand()) : null;
    let client: PGlite;
    try {
      client = new PGlite(dataDir, { startParams: embeddedStartParams });
      await client.waitReady;
    } catch (error) {
      lock?.release();
      throw error;
    }
    const db: Database = drizzlePglite(client, { schema });
    let shared: SharedDatabase | null = null;
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await shared?.stop();
        await client.close();
        lock?.release();
      },
      tryAdvisoryLock: async () => ({ held: async () => true, release: async () => {} }),
      dump: () => dumpEmbeddedDatabase(client),
      share: async (port) => {
        shared ??= await shareOnSocket(client, port);
        lock?.recordSocket({ host: shared.host, port: shared.port });
        return { host: shared.host, port: shared.port };
      },
    };
  }

  const client = postgres(target.url, {
    max: target.sharedEmbedded ? 1 : (target.maxConnections ?? 10),
    // PGlite is one session for all its socket clients: named prepared statements would collide.
    prepare: !target.sharedEmbedded,
    connect_timeout: 5,
    idle_timeout: 30,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
  });
  const db: Database = drizzlePostgres(client, { schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      closedClients.add(client);
      await Promise.all([...(subscriptionsOf.get(client) ?? [])].map((subscription) => subscription.stop()));
      await client.end({ timeout: 5 });
    },
    ...(target.sharedEmbedded ? {} : { listen: (channel, handlers) => subscribe(client, db, channel, handlers) }),
    tryAdvisoryLock: async (key) => {
      // An embedded database shared on its socket belongs to one process: nobody else can lead.
      if (target.sharedEmbedded) return { held: async () => true, release: async () => {} };
      // The lock lives on a session of its own, outside the pool: a reserved pool connection that
      // loses its socket goes back to the pool when released, and postgres.js then crashes the
      // process writing a query to it.
      const session = postgres(target.url, {
        max: 1,
        connect_timeout: 5,
        backoff: reconnectDelaySeconds,
        onnotice: () => {},
      });
      const [row] = await session<{ locked: boolean; pid: number }[]>`
        select pg_try_advisory_lock(${key}) as locked, pg_backend_pid() as pid`.catch(async (error: unknown) => {
        await session.end({ timeout: 0 });
        throw error;
      });
      if (!row?.locked) {
        await session.end({ timeout: 1 });
        return null;
      }
      const { pid } = row;
      // Asked through the pool: the lock holds while the session that took it lives.
      const held = async () => {
        const [state] = await client<{ held: boolean }[]>`
          select exists(
            select 1 from pg_locks where locktype = 'advisory' and objid = ${key} and pid = ${pid} and granted
          ) as held`.catch(() => [{ held: false }]);
        return state?.held ?? false;
      };
      return {
        held,
        release: async () => {
          if (await held()) await session`select pg_advisory_unlock(${key})`.catch(() => {});
          await session.end({ timeout: 1 }).catch(() => {});
        },
      };
    },
  };
}

/**
 * How long postgres.js waits before reconnecting after `retries` failed connections. Its default
 * grows to 20 s, and requests queue behind that wait: during an outage they hang instead of
 * answering 503, and after it the server takes up to 20 s to notice the database is back.
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1);
}

/** True when an error means the database cannot be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      [
        "ECONNREFUSED",
        "ECONNRESET",
        "ETIMEDOUT",
        "CONNECT_TIMEOUT",
        "CONNECTION_CLOSED",
        "CONNECTION_ENDED",
        "CONNECTION_DESTROYED",
        "57P01",
        "57P03",
        "08006",
        "08001",
      ].includes(code)
    )
      return true;
    if (typeof message === "string" && /PGlite is closed/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
