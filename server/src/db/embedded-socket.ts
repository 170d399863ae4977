import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** PostgreSQL's ReadyForQuery message: `Z`, length 5, then the transaction status (`I` idle). */
const readyForQuery = 0x5a;
const idle = 0x49;

/**
 * Follows a backend's reply stream message by message and remembers the status of the last
 * ReadyForQuery, so the gate knows when a socket client's session is back to idle.
 */
function replyTracker() {
  let pending = Buffer.alloc(0);
  let status: number | null = null;
  return {
    reset() {
      pending = Buffer.alloc(0);
      status = null;
    },
    read(chunk: Uint8Array) {
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const size = 1 + pending.readInt32BE(1);
        if (pending.length < size) break;
        if (pending[0] === readyForQuery && size === 6) status = pending[5] ?? null;
        pending = pending.subarray(size);
      }
    },
    get endedIdle() {
      return status === idle;
    },
  };
}

/** A simple-protocol Query message. */
function queryMessage(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51; // Q
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/**
 * PGlite is one PostgreSQL session, shared by this process's own queries and pglite-socket's
 * clients. pglite-socket runs its clients' protocol messages one at a time, but only under PGlite's
 * query lock, so the process's own statements could land inside a socket client's open transaction
 * (and a client's inside one of the process's). This gate gives a socket client the whole session,
 * through PGlite's transaction lock, from its first message until the backend reports it idle and
 * outside a transaction again (ReadyForQuery `I`): a socket client's transaction and the
 * process's own transactions never interleave. pglite-socket is handed the gate in place of the
 * PGlite instance; its queue asks `isInTransaction()` to keep one client's messages together.
 */
function sessionGate(pg: PGlite) {
  let releaseSession: (() => void) | null = null;
  let freed: Promise<void> = Promise.resolve();
  const tracker = replyTracker();

  async function takeSession() {
    if (releaseSession) return;
    await new Promise<void>((taken) => {
      freed = pg._runExclusiveTransaction(
        () =>
          new Promise<void>((done) => {
            releaseSession = () => {
              releaseSession = null;
              done();
            };
            taken();
          }),
      );
    });
    tracker.reset();
  }

  function run(message: Uint8Array, onRawData: (data: Uint8Array) => void) {
    return pg.runExclusive(() =>
      pg.execProtocolRawStream(message, {
        onRawData: (data) => {
          tracker.read(data);
          onRawData(data);
        },
      }),
    );
  }

  const overrides = {
    isInTransaction: () => releaseSession !== null,
    runExclusive: <T>(fn: () => Promise<T>) => fn(),
    async execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) {
      await takeSession();
      try {
        await run(message, options.onRawData);
      } finally {
        if (tracker.endedIdle) releaseSession?.();
      }
    },
    /** pglite-socket's clean-up when a client leaves mid-transaction: end it, free the session. */
    async exec(text: string) {
      if (!releaseSession) return [];
      try {
        await run(Buffer.from([0x53, 0, 0, 0, 4]), () => {}); // Sync: ends an unfinished extended query
        await run(queryMessage(text), () => {});
      } finally {
        releaseSession?.();
      }
      return [];
    },
  };
  return {
    /** PGlite as pglite-socket sees it: the gate's methods, the instance's for everything else. */
    db: new Proxy(pg, {
      get: (target, property, receiver) =>
        Object.hasOwn(overrides, property)
          ? overrides[property as keyof typeof overrides]
          : Reflect.get(target, property, receiver),
    }),
    /** Resolves once no socket client holds the session. */
    whenFree: () => freed,
  };
}

export interface SharedDatabase {
  host: string;
  port: number;
  /** Stops accepting clients, rolls back an open socket transaction, frees the session. */
  stop(): Promise<void>;
}

/**
 * Serves an open PGlite over the PostgreSQL protocol on 127.0.0.1 (never another interface), so
 * `psql` and `npm run admin` can use the database the server holds. `port` 0 picks a free one.
 */
export async function shareOnSocket(pg: PGlite, port: number): Promise<SharedDatabase> {
  const host = "127.0.0.1";
  const gate = sessionGate(pg);
  const server = new PGLiteSocketServer({ db: gate.db, host, port, maxConnections: 16 });
  await server.start();
  const [, shownPort] = server.getServerConn().split(":");
  return {
    host,
    port: Number(shownPort),
    stop: async () => {
      await server.stop();
      await gate.whenFree();
    },
  };
}
