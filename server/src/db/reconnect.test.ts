import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Relay, startRelay } from "../test/relay.js";
import { type DatabaseHandle, isDatabaseUnavailable, openDatabase, reconnectDelaySeconds } from "./client.js";

// The server's situation on PostgreSQL: a connection pool that loses its database and gets it back.
// (An embedded database shared on its socket stands in for the PostgreSQL server; a relay cuts it.)
let embedded: DatabaseHandle;
let relay: Relay;
let database: DatabaseHandle;
beforeAll(async () => {
  embedded = await openDatabase({ kind: "pglite" });
  const socket = await embedded.share?.(0);
  if (!socket) throw new Error("a PGlite handle can be shared");
  relay = await startRelay(socket.port, socket.host);
  database = await openDatabase({
    kind: "postgres",
    url: `postgres://postgres@127.0.0.1:${relay.port}/postgres`,
    sharedEmbedded: true,
  });
});
afterAll(async () => {
  await database?.close();
  await relay?.close();
  await embedded?.close();
});

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  const outcome = await run().then(
    () => "ok" as const,
    (error: unknown) => (isDatabaseUnavailable(error) ? ("unavailable" as const) : error),
  );
  return { outcome, ms: performance.now() - started };
}

describe("a database that goes away and comes back", () => {
  it("fails each query fast while it is away and answers again within a second of its return", async () => {
    expect((await timed(() => database.ping())).outcome).toBe("ok");
    relay.cut();
    // Enough failed reconnects that postgres.js's default backoff would have grown past 10 s.
    for (let i = 0; i < 8; i++) {
      const { outcome, ms } = await timed(() => database.ping());
      expect(outcome).toBe("unavailable");
      expect(ms).toBeLessThan(2_000);
    }
    await relay.restore();
    const back = await timed(() => database.ping());
    expect(back.outcome).toBe("ok");
    expect(back.ms).toBeLessThan(1_500);
  }, 30_000);

  it("waits at most a second between reconnects", () => {
    expect(reconnectDelaySeconds(0)).toBe(0.05);
    expect(Math.max(...Array.from({ length: 30 }, (_, i) => reconnectDelaySeconds(i)))).toBe(1);
  });
});
