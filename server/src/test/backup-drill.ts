// A backup's round trip, shared by the two ways docs/operating.md backs up (`db export` of the embedded database,
// `pg_dump`/`pg_restore` of PostgreSQL): a database populated through the API, then its copy checked row for row
// and used by a server.
import {
  getBoxFairnessRoute,
  getMyProfileRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import { sql } from "drizzle-orm";
import pino from "pino";
import { expect } from "vitest";
import { createApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database, DatabaseHandle } from "../db/client.js";
import { queryRows } from "../db/rows.js";
import { grantPoints } from "../modules/ledger/api.js";
import { apiClient } from "./api-client.js";
import { signInByCode } from "./app.js";

/** Every table of the application, each as a count and a digest of its rows (in UTC). */
export async function contents(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await queryRows<{ n: string; md5: string | null }>(
        tx,
        sql.raw(`select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${name} t`),
      );
      digest[name] = `${row?.n} ${row?.md5}`;
    }
    return digest;
  });
}

function appOn(database: DatabaseHandle) {
  return createApp({ config: loadConfig({ NODE_ENV: "test" }), database, logger: pino({ level: "silent" }) }).app;
}

/** What a populated database held when it was backed up. */
export interface Populated {
  members: string[];
  tokens: string[];
  before: Record<string, string>;
  fairnessBefore: unknown;
  maxLedgerId: number;
}

/** Three members with sessions and points, boxes bought and opened, a rotated fairness seed. */
export async function populate(database: DatabaseHandle): Promise<Populated> {
  const members = ["ada@example.com", "grace@example.com", "alan@example.com"];
  const app = appOn(database);
  const tokens: string[] = [];
  for (const email of members) tokens.push(await signInByCode(app, email));
  const ids = await queryRows<{ id: string }>(database.db, sql`select id from users order by email`);
  for (const { id } of ids) {
    await grantPoints(database.db, { userId: id, kind: "test_grant", amount: 500, reference: id, at: new Date() });
  }
  const auth = { authorization: `Bearer ${tokens[0]}` };
  const api = apiClient(app);
  const bought = await api.data(purchaseBoxesRoute, { body: { box_id: "star", quantity: 3 }, headers: {}, auth });
  await api.data(openBoxRoute, { body: { owned_box_id: bought.owned_box_ids[0] as string }, auth });
  await api.data(rotateBoxSeedRoute, { body: {}, auth });
  const fairnessBefore = await api.data(getBoxFairnessRoute, { auth });
  const before = await contents(database.db);
  const [{ maxLedgerId } = { maxLedgerId: 0 }] = await queryRows<{ maxLedgerId: number }>(
    database.db,
    sql`select max(id)::int as "maxLedgerId" from ledger_entries`,
  );
  return { members, tokens, before, fairnessBefore, maxLedgerId };
}

/**
 * The restored copy, as a server starts on it: no migration pending, every table as it was, each balance the sum
 * of its ledger, a member still signed in with the same balance and box seed, and a new purchase getting a new
 * ledger id (the sequences moved with the rows).
 */
export async function expectRestored(target: DatabaseHandle, populated: Populated): Promise<void> {
  await target.migrate();
  expect(await contents(target.db)).toEqual(populated.before);
  const balances = await queryRows<{ email: string; pts: number; ledger: number }>(
    target.db,
    sql`select u.email, u.pts, coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)::int as ledger
        from users u order by u.email`,
  );
  expect(balances.map((b) => b.email)).toEqual([...populated.members].sort());
  for (const balance of balances) expect(balance.pts).toBe(balance.ledger);

  const api = apiClient(appOn(target));
  const auth = { authorization: `Bearer ${populated.tokens[0]}` };
  const mine = await api.data(getMyProfileRoute, { auth });
  expect(mine.email).toBe(populated.members[0]);
  expect(mine.pts).toBe(balances.find((b) => b.email === populated.members[0])?.pts);
  expect(await api.data(getBoxFairnessRoute, { auth })).toEqual(populated.fairnessBefore);
  const bought = await api.call(purchaseBoxesRoute, { body: { box_id: "star", quantity: 1 }, headers: {}, auth });
  expect(bought.status).toBe(200);
  const [next] = await queryRows<{ id: number }>(target.db, sql`select max(id)::int as id from ledger_entries`);
  expect(next?.id).toBeGreaterThan(populated.maxLedgerId);
}
