import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { closeConnectionsInStages } from "./staged-close.js";

const BODY_BYTES = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose app refuses every body unread, as the API's body limit does. */
async function refusingServer(staged: boolean, lingerMs?: number) {
  const app = new Hono().post("/", (c) => c.json({ error: { code: "payload_too_large" } }, 413));
  server = createServer(getRequestListener(app.fetch));
  if (staged) closeConnectionsInStages(server, lingerMs);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/**
 * Sends the head and a first chunk, waits for the whole answer and the server's FIN, then sends the rest of
 * the body: what a client does whose writes outrun its reads. Resolves with the answer and any write error.
 */
function uploadPastTheAnswer(port: number) {
  return new Promise<{ answer: string; writeError: string | undefined; closedAfterMs: number }>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    let writeError: string | undefined;
    let endedAt = 0;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      writeError ??= error.code;
    });
    socket.on("close", () => resolve({ answer, writeError, closedAfterMs: performance.now() - endedAt }));
    socket.once("end", async () => {
      // The server has answered and closed its side; give it time to close the rest too, then keep sending.
      await new Promise((r) => setTimeout(r, 50));
      for (let sent = CHUNK.length; sent < BODY_BYTES && !socket.destroyed; sent += CHUNK.length) {
        await new Promise<void>((r) => socket.write(CHUNK, () => r()));
      }
      endedAt = performance.now();
      if (!socket.destroyed) socket.end();
    });
    socket.write(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(CHUNK);
  });
}

describe("closing a connection whose body was refused unread", () => {
  it("keeps reading the rest of the body, so the client's writes succeed and it reads the answer", async () => {
    const port = await refusingServer(true);
    const { answer, writeError, closedAfterMs } = await uploadPastTheAnswer(port);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("payload_too_large");
    expect(writeError).toBeUndefined();
    // Closed because the client ended its side, not by the linger deadline.
    expect(closedAfterMs).toBeLessThan(1_000);
  });

  it("without it, the server resets the connection and the client's writes fail", async () => {
    const port = await refusingServer(false);
    const { writeError } = await uploadPastTheAnswer(port);
    expect(["EPIPE", "ECONNRESET"]).toContain(writeError);
  });

  it("closes a client that never stops sending once the linger time is over", async () => {
    const port = await refusingServer(true, 200);
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    socket.on("error", () => {});
    const closed = new Promise<number>((resolve) => {
      const started = performance.now();
      socket.on("close", () => resolve(performance.now() - started));
    });
    socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${100 * BODY_BYTES}\r\nConnection: close\r\n\r\n`);
    const keepSending = setInterval(() => socket.writable && socket.write(CHUNK), 10);
    const ms = await closed;
    clearInterval(keepSending);
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(2_000);
  });
});
