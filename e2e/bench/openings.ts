// The public openings export (issue 45, decision 0043) at scale: BENCH_OPENINGS openings (1,000,000) in the 90-day
// window on PostgreSQL, BENCH_DAY_OPENINGS (100,000) of them on yesterday; the /fairness page, its API, a page of the
// list and yesterday's day file, first written then served stored.
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

export async function benchOpenings(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  const server = await startServer({ DATABASE_URL: scratch.url, TRUST_PROXY: "1", INDEXER: "off", CHAINS: "opBNB" });
  try {
    console.log(`::: openings export: writing ${OPENINGS.toLocaleString("en")} openings (${DAY_OPENINGS} yesterday)`);
    const { day, insertMs } = await fill(scratch.url);
    // The page first, cold: it asks the API for the summary, which is then warm for the API's own figure.
    const page = await timed(`${server.url}/fairness`);
    const fairness = await timed(`${server.url}/api/boxes/fairness/public`);
    const summary = JSON.parse(fairness.body).data as {
      verifiable: number;
      waiting: number;
      member_verifiable_only: number;
    };
    const counted = summary.verifiable + summary.waiting + summary.member_verifiable_only;
    const pageWarm = await median(`${server.url}/fairness`);
    const apiWarm = await median(`${server.url}/api/boxes/fairness/public`);
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
    table.push({
      figure: `/fairness (server-rendered) with ${n} openings in the window (PostgreSQL)`,
      measured: `first ${page.ms.toFixed(0)} ms, then ${pageWarm.toFixed(0)} ms (median of 5)`,
      ceiling: "—",
      target: "< 1 s",
      met: page.ms < 1000 && pageWarm < 1000,
    });
    table.push({
      figure: `GET /api/boxes/fairness/public (χ² per odds version, verifiable counts) with ${n} openings`,
      measured: `after the page ${fairness.ms.toFixed(0)} ms, then ${apiWarm.toFixed(0)} ms (median of 5)`,
      ceiling: "—",
      target: "< 1 s",
      met: apiWarm < 1000 && counted === OPENINGS,
    });
    table.push({
      figure: `yesterday's export (${DAY_OPENINGS.toLocaleString("en")} openings, JSON Lines)`,
      measured: `written ${written.ms.toFixed(0)} ms (${(written.bytes / 1e6).toFixed(1)} MB), then served stored ${stored.toFixed(0)} ms, ${notModified.status} on its ETag`,
      ceiling: "—",
      target: "written once; stored after",
      met: lines === DAY_OPENINGS && notModified.status === 304,
    });
    notes.push(
      `openings: ${n} inserted in ${(insertMs / 1000).toFixed(1)} s; GET /boxes/openings?per_page=100 first page ${first.ms.toFixed(0)} ms, the next page ${listWarm.toFixed(0)} ms; the summary counted ${counted.toLocaleString("en")} (${summary.verifiable} verifiable, ${summary.waiting} waiting)`,
    );
  } finally {
    await server.stop();
    await scratch.drop();
  }
}
