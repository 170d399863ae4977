import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay on 127.0.0.1 in front of one dependency (PostgreSQL, the chain RPC, Redis, SMTP), so
 * the suite can cut it, slow it down and restore it while the app keeps running.
 */
export interface Relay {
  /** host:port the app is pointed at. */
  port: number;
  /** Stops listening (connections are refused) and drops every open one: the dependency is down. */
  cut(): void;
  /** Delays every chunk in both directions by `ms`. */
  delay(ms: number): void;
  /** Listens again on the same port, without delay. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number, targetHost = "127.0.0.1"): Promise<Relay> {
  let down = false;
  let latencyMs = 0;
  const open = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    from.on("data", (chunk) => {
      if (latencyMs === 0) to.write(chunk);
      else {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, latencyMs);
      }
    });
  };
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    open.add(client);
    open.add(upstream);
    forward(client, upstream);
    forward(upstream, client);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("error", drop);
    upstream.on("error", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("relay has no port");
  const port = address.port;
  return {
    port,
    cut() {
      if (down) return;
      down = true;
      server.close();
      for (const socket of open) socket.destroy();
      open.clear();
    },
    delay(ms) {
      latencyMs = ms;
    },
    async restore() {
      latencyMs = 0;
      if (!down) return;
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      down = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (!down) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
