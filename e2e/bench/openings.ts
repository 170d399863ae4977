// The public openings export (issue 45, decision 0043) at scale: BENCH_OPENINGS openings (1,000,000) in the 90-day
// window on PostgreSQL, BENCH_DAY_OPENINGS (100,000) of them on yesterday; the /fairness page and its API, each
// judged on the first request after a restart, a page of the list and yesterday's day file, first written then
// served stored.
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { repoRoot, startServer } from "../src/server.js";
import { notes, table } from "./common.js";

const OPENINGS = Number(process.env.BENCH_OPENINGS ?? 1_000_000);
const DAY_OPENINGS = Math.min(OPENINGS, Number(process.env.BENCH_DAY_OPENINGS ?? 100_000));
const MEMBERS = 1_000;
const DAY_MS = 24 * 3600 * 1000;

let ip = 0;
/** One GET from a network of its own (TRUST_PROXY): the per-network limits of public reads measure nothing here. */
async function timed(url: string, headers: Record<string, string> = {}) {
  ip += 1;
  const started = performance.now();
  const res = await fetch(url, { headers: { "x-forwarded-for": `10.9.${(ip >> 8) & 255}.${ip & 255}`, ...headers } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200 && res.status !== 304) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, status: res.status, bytes: body.length, body, etag: res.headers.get("etag") };
}

/** The median of `runs` timed requests (the first one, cold, is reported on its own by the caller). */
async function median(url: string, runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(url)).ms);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

/** Openings written straight into the database: members, one server seed each (half revealed), the boxes opened. */
async function fill(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // The shipped economy's first box, its odds as version 1 (what a first purchase records).
    const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8")) as {
      boxes: { id: string; rewards: unknown[] }[];
    };
    const box = economy.boxes[0];
    if (!box) throw new Error("config/economy.json has no box");
    const [version] = await sql<{ id: number; box_id: string; rewards: unknown[] }[]>`
      insert into box_odds_versions (box_id, version, rewards, created_at)
      values (${box.id}, 1, ${sql.json(box.rewards as postgres.JSONValue)}, now() - interval '91 days')
      returning id, box_id, rewards`;
    if (!version) throw new Error("no odds version written");
    const rewardCount = version.rewards.length;
    await sql`insert into users (email) select 'opener-' || i || '@bench.test' from generate_series(1, ${MEMBERS}) i`;
    await sql`
      insert into fairness_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at, rotated_at)
      select u.id, s.seed, encode(sha256(convert_to(s.seed, 'UTF8')), 'hex'), md5(u.email), now() - interval '91 days',
        case when row_number() over (order by u.id) % 2 = 0 then now() else null end
      from users u, lateral (select md5(u.email || 'a') || md5(u.email || 'b') as seed) s
      where u.email like '%@bench.test'`;
    const started = performance.now();
    // Yesterday (GMT) gets DAY_OPENINGS; the rest spread over the 2nd to the 89th day back.
    const yesterday = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
    await sql`
      with seeds as (select id, user_id, row_number() over (order by id) - 1 as k from fairness_seeds)
      insert into owned_boxes (user_id, box_id, odds_version_id, source, acquired_at, opened_at, reward_index, seed_id, nonce)
      select s.user_id, ${version.box_id}, ${version.id}, 'purchase', t.at, t.at, (i::bigint * 7919) % ${rewardCount}, s.id, i / ${MEMBERS}
      from generate_series(0, ${OPENINGS - 1}) i
      join seeds s on s.k = i % ${MEMBERS}
      cross join lateral (select case when i < ${DAY_OPENINGS}
        then ${yesterday.toISOString()}::timestamptz + (i::float / ${DAY_OPENINGS}) * interval '23 hours 59 minutes'
        else ${yesterday.toISOString()}::timestamptz - interval '1 day' - ((i - ${DAY_OPENINGS})::float / greatest(1, ${OPENINGS - DAY_OPENINGS})) * interval '87 days'
        end as at) t`;
    await sql`analyze`;
    return { day: yesterday.toISOString().slice(0, 10), insertMs: performance.now() - started };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The median of `runs` round trips of `SELECT 1` from the bench to PostgreSQL: the floor of any query. */
async function selectOne(databaseUrl: string, runs = 21) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select 1`;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await sql`select 1`;
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const serverEnv = (url: string) => ({ DATABASE_URL: url, TRUST_PROXY: "1", INDEXER: "off", CHAINS: "opBNB" });

/**
 * The first request after a restart, cold (no figures cached by the server), then the median of 5 warm ones; a
 * fresh server for each page measured, so each first request is a first visitor's. Beside them, measured in the
 * same run: `/healthz` (answers without the database) and a `SELECT 1` round trip, the floor on this machine now.
 */
async function coldThenWarm(url: string, first: string) {
  const server = await startServer(serverEnv(url));
  try {
    const cold = await timed(`${server.url}${first}`);
    const warm = await median(`${server.url}${first}`);
    const health = await median(`${server.url}/healthz`);
    return { cold, warm, health, server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function benchOpenings(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  try {
    // A first server migrates the scratch database; the openings are written while none runs.
    await (await startServer(serverEnv(scratch.url))).stop();
    console.log(`::: openings export: writing ${OPENINGS.toLocaleString("en")} openings (${DAY_OPENINGS} yesterday)`);
    const { day, insertMs } = await fill(scratch.url);
    const floor = await selectOne(scratch.url);

    // The API, then the page, each the first request of a freshly started server.
    const api = await coldThenWarm(scratch.url, "/api/boxes/fairness/public");
    await api.server.stop();
    const summary = JSON.parse(api.cold.body).data as {
      verifiable: number;
      waiting: number;
      member_verifiable_only: number;
    };
    const counted = summary.verifiable + summary.waiting + summary.member_verifiable_only;
    const page = await coldThenWarm(scratch.url, "/fairness");
    const server = page.server;
    try {
      const first = await timed(`${server.url}/api/boxes/openings?per_page=100`);
      const next = JSON.parse(first.body).data.next_cursor as string;
      const listWarm = await median(`${server.url}/api/boxes/openings?per_page=100&cursor=${encodeURIComponent(next)}`);
      const written = await timed(`${server.url}/api/boxes/openings/${day}.jsonl`);
      const stored = await median(`${server.url}/api/boxes/openings/${day}.jsonl`);
      const notModified = await timed(`${server.url}/api/boxes/openings/${day}.jsonl`, {
        "if-none-match": written.etag ?? "",
      });
      const lines = written.body.split("\n").filter(Boolean).length;
      const n = OPENINGS.toLocaleString("en");
      const ceiling = (health: number) =>
        `GET /healthz ${health.toFixed(1)} ms, SELECT 1 ${floor.toFixed(1)} ms (same run)`;
      table.push({
        figure: `GET /api/boxes/fairness/public (χ² per odds version, verifiable counts) with ${n} openings, first request after a restart (PostgreSQL)`,
        measured: `cold ${api.cold.ms.toFixed(0)} ms, then ${api.warm.toFixed(0)} ms (median of 5)`,
        ceiling: ceiling(api.health),
        target: "< 1 s cold",
        met: api.cold.ms < 1000 && counted === OPENINGS,
      });
      table.push({
        figure: `/fairness (server-rendered) with ${n} openings, first request after a restart (PostgreSQL)`,
        measured: `cold ${page.cold.ms.toFixed(0)} ms, then ${page.warm.toFixed(0)} ms (median of 5)`,
        ceiling: ceiling(page.health),
        target: "< 1 s cold",
        met: page.cold.ms < 1000,
      });
      table.push({
        figure: `yesterday's export (${DAY_OPENINGS.toLocaleString("en")} openings, JSON Lines)`,
        measured: `written ${written.ms.toFixed(0)} ms (${(written.bytes / 1e6).toFixed(1)} MB), then served stored ${stored.toFixed(0)} ms, ${notModified.status} on its ETag`,
        ceiling: "—",
        target: "written once; stored after",
        met: lines === DAY_OPENINGS && notModified.status === 304,
      });
      notes.push(
        `openings: ${n} inserted in ${(insertMs / 1000).toFixed(1)} s (their counts kept by the triggers of migration 0024 as they went in); GET /boxes/openings?per_page=100 first page ${first.ms.toFixed(0)} ms, the next page ${listWarm.toFixed(0)} ms; the summary counted ${counted.toLocaleString("en")} (${summary.verifiable} verifiable, ${summary.waiting} waiting, ${summary.member_verifiable_only} member-only)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}
