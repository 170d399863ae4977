import { EventEmitter } from "node:events";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";

/**
 * postgres.js 3.4.9 batches small writes behind a setImmediate. A connection that closed with such a
 * write pending kept the cancelled timer as "scheduled" and the unsent bytes, so its next connection's
 * startup message was never sent (each reconnect timed out) and a later write could reach a null
 * socket and crash the process (porsager/postgres#1154, #1208). scripts/patch-dependencies.mjs
 * patches it; these tests drive the driver through sockets whose events they time exactly.
 */
class ScriptedSocket extends EventEmitter {
  readonly written: Buffer[] = [];
  readyState = "open";
  write(chunk: Buffer, callback?: () => void) {
    this.written.push(Buffer.from(chunk));
    callback?.();
    return true;
  }
  end() {
    this.close();
  }
  destroy() {
    this.close();
  }
  setKeepAlive() {}
  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    this.emit("close", false);
  }
}

/** A backend message: its type, its length, its body. */
function message(type: string, body: Buffer = Buffer.alloc(0)) {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
const authenticationOk = message("R", Buffer.alloc(4));
const readyForQuery = message("Z", Buffer.from("I"));

/** The `index`th socket the driver opened, once it has been written to `count` times (within half a second). */
function socketWritten(sockets: ScriptedSocket[], index: number, count = 1) {
  return vi.waitFor(
    () => {
      const socket = sockets[index];
      if (!socket || socket.written.length < count) throw new Error(`socket ${index}: fewer than ${count} writes`);
      return socket;
    },
    { timeout: 500, interval: 5 },
  );
}

/** A startup message: its length, then protocol 3.0 (0x00030000). */
const isStartupMessage = (bytes: Buffer | undefined) => bytes !== undefined && bytes.readInt32BE(4) === 0x30000;

function scriptedClient() {
  const sockets: ScriptedSocket[] = [];
  // `socket` (a function returning the connection's socket) is an option postgres.js reads but does not type.
  const options = {
    host: "127.0.0.1",
    port: 5432,
    user: "arcana",
    database: "arcana",
    max: 1,
    fetch_types: false,
    prepare: false,
    connect_timeout: 2,
    backoff: () => 0,
    onnotice: () => {},
    socket: () => {
      const socket = new ScriptedSocket();
      sockets.push(socket);
      return socket;
    },
  };
  const sql = postgres(options);
  return { sql, sockets };
}

describe("postgres.js writes around a closing socket (patched)", () => {
  it("a connection that closed with a write pending sends the next connection's startup message at once", async () => {
    const { sql, sockets } = scriptedClient();
    try {
      const first = sql`select 1`.execute().catch((error: unknown) => error);
      const socket = await socketWritten(sockets, 0);
      expect(isStartupMessage(socket.written[0])).toBe(true);
      // Ready: the driver writes the query (small, so it waits for the next immediate)… and the
      // socket closes in the same turn, before that write went out.
      socket.emit("data", Buffer.concat([authenticationOk, readyForQuery]));
      socket.close();
      expect(await first).toMatchObject({ code: "CONNECTION_CLOSED" });

      void sql`select 1`.execute().catch(() => {});
      // Unpatched, nothing is written until connect_timeout, and then the stale query bytes first.
      const next = await socketWritten(sockets, 1);
      expect(isStartupMessage(next.written[0])).toBe(true);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it("a transaction whose connection closes rejects with CONNECTION_CLOSED instead of crashing the process", async () => {
    const { sql, sockets } = scriptedClient();
    try {
      const transaction = sql
        .begin(async (tx) => {
          await tx`select 1`;
        })
        .catch((error: unknown) => error);
      const socket = await socketWritten(sockets, 0);
      socket.emit("data", Buffer.concat([authenticationOk, readyForQuery]));
      await socketWritten(sockets, 0, 2);
      // `begin` went out; it succeeds, and the transaction's first query is written.
      socket.emit("data", Buffer.concat([message("1"), message("t", Buffer.from([0, 0])), message("n"), message("2")]));
      socket.emit("data", Buffer.concat([message("C", Buffer.from("BEGIN\0")), message("Z", Buffer.from("T"))]));
      await socketWritten(sockets, 0, 3);
      // The connection drops mid-transaction: the driver's own `rollback` is written to a connection
      // without a socket. Unpatched, that write throws from a setImmediate and ends the process.
      socket.close();
      expect(await transaction).toMatchObject({ code: "CONNECTION_CLOSED" });
    } finally {
      await sql.end({ timeout: 0 });
    }
  });
});
