import { eq, sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.js";

const counter = pgTable("counter", { id: integer("id").primaryKey(), n: integer("n").notNull() });
let handle: DatabaseHandle;
let url: string;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await handle.db.execute(sql`create table counter (id int primary key, n int not null)`);
  await handle.db.execute(sql`insert into counter values (1, 0)`);
  const socket = await handle.share?.(0);
  if (!socket) throw new Error("a PGlite handle can be shared");
  url = `postgres://postgres@${socket.host}:${socket.port}/postgres`;
});
afterAll(() => handle.close());

const socketClient = () => postgres(url, { max: 1, prepare: false, onnotice: () => {} });
/** Lets every other pending task run, so transactions overlap when nothing keeps them apart. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));
const count = async () => (await handle.db.select().from(counter))[0]?.n ?? Number.NaN;

describe("the embedded database shared on a socket", () => {
  it("binds 127.0.0.1 only", () => {
    expect(new URL(url).hostname).toBe("127.0.0.1");
  });

  it("keeps socket clients' transactions and the process's own apart: no increment is lost", async () => {
    const start = await count();
    const clients = [socketClient(), socketClient()];
    const socketIncrements = async (client: postgres.Sql) => {
      for (let i = 0; i < 15; i++) {
        await client.begin(async (tx) => {
          const [row] = await tx<{ n: number }[]>`select n from counter where id = 1`;
          await yieldToOthers();
          await tx`update counter set n = ${(row?.n ?? 0) + 1} where id = 1`;
        });
      }
    };
    const ownIncrements = async () => {
      for (let i = 0; i < 15; i++) {
        await handle.db.transaction(async (tx) => {
          const [row] = await tx.select().from(counter).where(eq(counter.id, 1));
          await yieldToOthers();
          await tx
            .update(counter)
            .set({ n: (row?.n ?? 0) + 1 })
            .where(eq(counter.id, 1));
        });
        await handle.db.execute(sql`select 1`);
      }
    };
    await Promise.all([...clients.map(socketIncrements), ownIncrements()]);
    expect(await count()).toBe(start + 45);
    await Promise.all(clients.map((client) => client.end()));
  });

  it("rolls back what a client that leaves mid-transaction wrote, and serves the process again", async () => {
    const start = await count();
    const client = socketClient();
    await client`begin`;
    await client`update counter set n = 999 where id = 1`;
    await client.end();
    expect(await count()).toBe(start);
  });

  it("answers psql's simple queries", async () => {
    const client = socketClient();
    const [row] = await client.unsafe<{ answer: number }[]>("select 41 + 1 as answer");
    expect(row?.answer).toBe(42);
    await client.end();
  });
});
