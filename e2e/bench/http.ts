// `npm run bench`: how fast Arcana starts and answers, beside the ceilings measured in the same run
// on the same machine (a bare Hono hello-world, `pgbench -S`), all on 127.0.0.1. Absolute numbers
// move with the machine's load; the ratios to the ceiling are the figures to compare.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import postgres from "postgres";
import { openDatabase } from "../../server/src/db/client.js";
import { sessions } from "../../server/src/modules/auth/schema.js";
import { generateSessionToken, hashPassword, hashSessionToken } from "../../server/src/modules/auth/secrets.js";
import { grantPoints } from "../../server/src/modules/ledger/api.js";
import { setBoundWallet, signUpOrTouch } from "../../server/src/modules/users/service.js";
import { productionEnv } from "../../server/src/test/app.js";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { freePort, repoRoot, startServer, waitUntilReady } from "../src/server.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** `BENCH_ONLY=frontend`: only the first-load JS and Lighthouse, each page `BENCH_LIGHTHOUSE_RUNS` times. */
const ONLY = process.env.BENCH_ONLY;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (ONLY === "frontend" ? 3 : 1));
const LIGHTHOUSE_PAGES = ["/", "/genesis-pass", "/daily-tarot"];
/** `BENCH_CPU_PROF=dir`: the production server writes a V8 CPU profile there when it stops. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One row of the printed table. */
interface Row {
  figure: string;
  measured: string;
  ceiling: string;
  target: string;
  met: boolean | null;
}
const table: Row[] = [];
const notes: string[] = [];
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const loadText = (r: Load) =>
  `${r.rps.toLocaleString("en")} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ""}`;

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Load> {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, ...options });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The bare Hono hello-world, as its own process with the same Node and flags as `npm run serve`. */
async function startBareHono() {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(repoRoot, "e2e/bench/bare-hono.ts")],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/listening (\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", () => reject(new Error(`bare Hono exited:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** `pgbench -S` (select-only) on a scratch database of the same PostgreSQL, same connections. */
function pgbenchSelectOnly(scratchUrl: string): number | null {
  if (spawnSync("pgbench", ["--version"]).status !== 0) return null;
  execFileSync("pgbench", ["-i", "-q", "-s", "1", scratchUrl], { stdio: "ignore" });
  const clients = String(CONNECTIONS);
  if (WARMUP_S > 0) execFileSync("pgbench", ["-S", "-n", "-c", clients, "-j", "2", "-T", String(WARMUP_S), scratchUrl]);
  const out = execFileSync("pgbench", ["-S", "-n", "-c", clients, "-j", "2", "-T", String(DURATION_S), scratchUrl], {
    encoding: "utf8",
  });
  const tps = out.match(/tps = ([\d.]+)/);
  return tps?.[1] ? Math.round(Number(tps[1])) : null;
}

async function timeNpmStart() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-bench-"));
  const started = performance.now();
  const chainPort = await freePort();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      CHAIN_PORT: String(chainPort),
      LOCAL_DEPLOYMENTS_DIR: dataDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(
    url,
    () => child.exitCode !== null,
    () => "",
  );
  const readyMs = performance.now() - started;
  process.kill(-(child.pid ?? 0), "SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
  return readyMs;
}

/** The scripts the document of `url` loads before it is interactive, and their gzip size. */
async function firstLoadJs(url: string) {
  const html = await (await fetch(url)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3];
    if (src?.endsWith(".js")) scripts.add(src);
  }
  const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"/g)].length;
  let bytes = 0;
  const sizes: string[] = [];
  let largest: { src: string; gzip: number } | undefined;
  for (const src of scripts) {
    const gzip = gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
    bytes += gzip;
    sizes.push(`${path.basename(src)} ${(gzip / 1024).toFixed(1)} KB`);
    if (!largest || gzip > largest.gzip) largest = { src, gzip };
  }
  return { files: scripts.size, kb: bytes / 1024, largest: largest?.src, sizes, stylesheets };
}

/** What goes over the wire for `url` when the client accepts gzip and brotli (fetch would decode it). */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "none") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Lighthouse (mobile emulation, its default) in Debian's Chromium. */
async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
      .map((audit) => audit.id);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
      transferKiB: Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** The LCP element's snippet, from the details of Lighthouse's `largest-contentful-paint-element`. */
function lcpElement(details: unknown): string {
  const found = JSON.stringify(details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found?.[1] ? JSON.parse(`"${found[1]}"`) : "unknown";
}

/** Each page's Lighthouse run `LIGHTHOUSE_RUNS` times; the run with the median performance score. */
async function medianLighthouse(url: string) {
  const runs: Awaited<ReturnType<typeof lighthouseScores>>[] = [];
  let failed = 0;
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // A run Lighthouse could not finish (no paint recorded, Chromium gone) scores 0: not a sample.
    const run = await lighthouseScores(url).catch(() => null);
    if (run && run.lcpMs > 0 && run.performance > 0) runs.push(run);
    else failed += 1;
  }
  if (runs.length === 0) throw new Error(`no Lighthouse run of ${url} finished`);
  const median = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs)[
    Math.floor(runs.length / 2)
  ] as (typeof runs)[number];
  return {
    ...median,
    lcpElement: [...new Set(runs.map((run) => run.lcpElement))].join(" / "),
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    all: `${runs.map((run) => `${run.performance}/${run.accessibility}/${run.bestPractices} ${run.lcpMs} ms`).join("; ")}${failed ? `; ${failed} failed, left out` : ""}`,
  };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { token: string } };
}

/** A member with a live session, written straight into the database `npm run serve` uses. */
async function memberSession(databaseUrl: string) {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 1 });
  try {
    const member = await signUpOrTouch(database.db, "ssr-bench@example.com");
    const token = generateSessionToken();
    const at = new Date();
    await database.db.insert(sessions).values({
      tokenHash: hashSessionToken(token),
      userId: member.id,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + 24 * 3600 * 1000),
      userAgent: "bench",
    });
    return token;
  } finally {
    await database.close();
  }
}

/** The first-load JS of `/` and Lighthouse's scores of the issue's pages, on a running production server. */
async function benchFrontend(url: string) {
  const js = await firstLoadJs(`${url}/`);
  table.push({
    figure: "first-load JS of `/` (gzip)",
    measured: `${js.kb.toFixed(1)} KB in ${js.files} files; ${js.stylesheets} stylesheets`,
    ceiling: "React + React Router ≈ 80 KB",
    target: "≤ 125 KB",
    met: js.kb <= 125,
  });
  notes.push(`first-load JS of /: ${js.sizes.join(", ")}`);
  // The largest script of the first load (the entry itself is a few imports, below compression's threshold).
  const entry = js.largest ?? "/";
  const [html, script] = [await wireBytes(`${url}/`), await wireBytes(new URL(entry, url).href)];
  table.push({
    figure: "compression by `npm run serve` (`Accept-Encoding: gzip, br`)",
    measured: `\`/\`: ${html.encoding}, ${html.bytes.toLocaleString("en")} bytes; \`${path.basename(entry)}\`: ${script.encoding}, ${script.bytes.toLocaleString("en")} bytes`,
    ceiling: "—",
    target: "brotli or gzip for every text response",
    met: html.encoding !== "none" && script.encoding !== "none",
  });
  for (const page of LIGHTHOUSE_PAGES) {
    try {
      const scores = await medianLighthouse(`${url}${page}`);
      table.push({
        figure: `Lighthouse mobile \`${page}\``,
        measured: `performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}; LCP ${(scores.lcpMs / 1000).toFixed(1)} s; ${scores.transferKiB} KiB`,
        ceiling: 'LCP ≤ 2.5 s ("good")',
        target: "each ≥ 95, LCP ≤ 2.0 s",
        met:
          scores.performance >= 95 && scores.accessibility >= 95 && scores.bestPractices >= 95 && scores.lcpMs <= 2000,
      });
      if (LIGHTHOUSE_RUNS > 1) notes.push(`Lighthouse ${page}, ${LIGHTHOUSE_RUNS} runs (median shown): ${scores.all}`);
      notes.push(`Lighthouse ${page} LCP element: ${scores.lcpElement}`);
      if (scores.failing.length) notes.push(`Lighthouse ${page} flags: ${scores.failing.join(", ")}`);
    } catch (error) {
      table.push({
        figure: `Lighthouse mobile \`${page}\``,
        measured: `failed: ${(error as Error).message}`,
        ceiling: "",
        target: "each ≥ 95",
        met: false,
      });
    }
  }
}

/** The figures of issue 17 that need nothing but the production server, the ceilings beside them. */
async function benchProduction() {
  const bare = await startBareHono();
  let bareRps: number;
  try {
    const result = await load(bare.url);
    bareRps = result.rps;
    table.push({
      figure: "bare Hono hello-world on @hono/node-server",
      measured: loadText(result),
      ceiling: "—",
      target: "(reference)",
      met: null,
    });
  } finally {
    await bare.stop();
  }

  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL, "arcana_bench") : null;
  const pgbench = scratch
    ? await (async () => {
        const ceiling = await createScratchDatabase(DATABASE_URL as string, "arcana_pgbench");
        try {
          return pgbenchSelectOnly(ceiling.url);
        } finally {
          await ceiling.drop();
        }
      })()
    : null;
  const production = await startServer(
    {
      ...productionEnv,
      INDEXER: "off",
      HOST: "127.0.0.1",
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    CPU_PROF_DIR ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] } : {},
  );
  try {
    const health = await load(`${production.url}/healthz`);
    table.push({
      figure: "`GET /healthz`, production",
      measured: `${loadText(health)} (${pct(health.rps, bareRps)} of bare Hono)`,
      ceiling: "bare Hono",
      target: "≥ 60 % of bare Hono",
      met: health.rps >= 0.6 * bareRps && health.errors === 0,
    });
    const token = scratch ? await memberSession(scratch.url) : null;
    if (token) {
      const mine = await load(`${production.url}/api/users/mine`, { headers: { authorization: `Bearer ${token}` } });
      // The issue's target, 15,000 req/s, was 19.7 % of bare Hono in its run (75,990 req/s).
      table.push({
        figure: "`GET /api/users/mine` on PostgreSQL, production",
        measured: `${loadText(mine)} (${pct(mine.rps, bareRps)} of bare Hono${pgbench ? `, ${pct(mine.rps, pgbench)} of pgbench -S` : ""})`,
        ceiling: pgbench ? `\`pgbench -S\`: ${pgbench.toLocaleString("en")} tps` : "pgbench not on PATH",
        target: "≥ 15,000 req/s (19.7 % of bare Hono)",
        met: mine.rps >= 0.197 * bareRps && mine.errors === 0,
      });
    } else {
      table.push({
        figure: "`GET /api/users/mine` on PostgreSQL",
        measured: "not measured: set BENCH_DATABASE_URL",
        ceiling: "`pgbench -S`",
        target: "≥ 15,000 req/s",
        met: false,
      });
    }
    const visitor = await load(`${production.url}/`);
    // Targets as shares of the issue's bare Hono figure (75,990 req/s): 1,500 → 2.0 %, 800 → 1.05 %.
    table.push({
      figure: "`GET /` visitor SSR, production",
      measured: `${loadText(visitor)} (${pct(visitor.rps, bareRps)} of bare Hono)`,
      ceiling: "—",
      target: "≥ 1,500 req/s (2.0 % of bare Hono), p50 ≤ 20 ms",
      met: visitor.rps >= 0.02 * bareRps && visitor.p50 <= 20 && visitor.errors === 0,
    });
    if (token) {
      const member = await load(`${production.url}/`, { headers: { cookie: `__Host-arcana_session=${token}` } });
      table.push({
        figure: "`GET /` member SSR, production",
        measured: `${loadText(member)} (${pct(member.rps, bareRps)} of bare Hono)`,
        ceiling: "—",
        target: "≥ 800 req/s (1.05 % of bare Hono)",
        met: member.rps >= 0.0105 * bareRps && member.errors === 0,
      });
      // The API figures above come from a process that has rendered no page yet. React DOM's server
      // renderer runs each render in an AsyncLocalStorage, which under Node 20 switches promise hooks
      // on for the whole process from the first page on; measured again now, they show that cost.
      const [healthAfter, mineAfter] = [
        await load(`${production.url}/healthz`),
        await load(`${production.url}/api/users/mine`, { headers: { authorization: `Bearer ${token}` } }),
      ];
      notes.push(
        `after pages were rendered (Node ${process.versions.node}): /healthz ${healthAfter.rps.toLocaleString("en")} req/s (${pct(healthAfter.rps, bareRps)} of bare Hono), /api/users/mine ${mineAfter.rps.toLocaleString("en")} req/s (${pct(mineAfter.rps, bareRps)})`,
      );
    }
    await benchFrontend(production.url);
  } finally {
    await production.stop();
    await scratch?.drop();
  }
}

/** Accounts on PostgreSQL: password `POST /sign_in` and the daily reads, plus argon2id's cost. */
async function benchAccounts(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  // Every sign-in comes from its own address (TRUST_PROXY), so the per-IP limit measures nothing.
  const server = await startServer({ DATABASE_URL: scratch.url, TRUST_PROXY: "1", INDEXER: "off", CHAINS: "opBNB" });
  try {
    const email = "bench@example.com";
    await post(`${server.url}/api/send_code`, { email });
    const mail = (await (await fetch(`${server.url}/api/dev/mailbox?to=${email}`)).json()) as {
      data: Array<{ subject: string }>;
    };
    const code = mail.data[0]?.subject.slice(0, 6);
    const { data } = await post(`${server.url}/api/sign_in`, { email, code, type: "code" });
    const auth = { authorization: `Bearer ${data.token}` };
    const password = "benchmark password 1";
    await post(`${server.url}/api/change_password`, { new_password: password }, auth);

    let ip = 0;
    const signIn = await load(`${server.url}/api/sign_in`, {
      method: "POST",
      connections: 8,
      requests: [
        {
          setupRequest: (request) => {
            ip += 1;
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
              },
              body: JSON.stringify({ email, password, type: "password" }),
            };
          },
        },
      ],
    });
    const rewards = await load(`${server.url}/api/nft/staking/rewards`, { headers: auth });
    const checkIn = await load(`${server.url}/api/blockchain/check_in`, { headers: auth });
    const draw = (await (await fetch(`${server.url}/api/tarot/draw`, { headers: auth })).json()) as {
      data: { cards: Array<{ card_id: number; is_reversed: "1" | "0" }> };
    };
    const cards = draw.data.cards.map(({ card_id, is_reversed }) => ({ card_id, is_reversed }));
    const tarot = await load(`${server.url}/api/tarot/daily`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ language: "en", cards, force_refresh: false }),
    });
    const hashes = 20;
    const started = performance.now();
    for (let i = 0; i < hashes; i++) await hashPassword(`password number ${i}`);
    const perHash = (performance.now() - started) / hashes;
    notes.push(`POST /sign_in password (PostgreSQL, 8 connections): ${loadText(signIn)}`);
    for (const [name, result] of [
      ["GET /nft/staking/rewards", rewards],
      ["GET /blockchain/check_in", checkIn],
      ["POST /tarot/daily", tarot],
    ] as const) {
      notes.push(`${name} (PostgreSQL): ${loadText(result)}`);
    }
    notes.push(`argon2id m=19456 KiB t=2 p=1: ${perHash.toFixed(1)} ms per hash`);
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

/** Signs up by e-mail code through the dev mailbox; returns the Authorization header. */
async function signUpForBench(url: string, email: string, ip: string) {
  const headers = { "x-forwarded-for": ip };
  await post(`${url}/api/send_code`, { email }, headers);
  const mail = (await (await fetch(`${url}/api/dev/mailbox?to=${email}`)).json()) as {
    data: Array<{ subject: string }>;
  };
  const { data } = await post(
    `${url}/api/sign_in`,
    { email, code: mail.data[0]?.subject.slice(0, 6), type: "code" },
    headers,
  );
  return `Bearer ${data.token}`;
}

/**
 * Loot boxes on PostgreSQL: purchases/s and opens/s from many members at once, then a limited box
 * hammered past its supply; afterwards nothing is oversold and every balance equals its ledger sum.
 */
async function benchBoxes(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  const limitedSupply = 2000;
  economy.boxes = [
    {
      id: "bench",
      name: "Bench Box",
      description: "",
      price: 1,
      supply: null,
      perMemberLimit: null,
      rewards: [
        { kind: "points", amount: 1, weight: 3 },
        { kind: "points", amount: 2, weight: 1 },
      ],
    },
    {
      id: "limited",
      name: "Limited Box",
      description: "",
      price: 1,
      supply: limitedSupply,
      perMemberLimit: null,
      rewards: [{ kind: "points", amount: 1, weight: 1 }],
    },
  ];
  const economyDir = mkdtempSync(path.join(tmpdir(), "arcana-bench-economy-"));
  const economyFile = path.join(economyDir, "economy.json");
  writeFileSync(economyFile, JSON.stringify(economy));
  const server = await startServer({
    DATABASE_URL: scratch.url,
    ECONOMY_FILE: economyFile,
    TRUST_PROXY: "1",
    INDEXER: "off",
    CHAINS: "opBNB",
  });
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 4 });
  // Typed rows for the bench's own checks; the points themselves move through the ledger's service.
  const rows = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const members = 16;
    const auths: string[] = [];
    for (let i = 0; i < members; i++) {
      auths.push(await signUpForBench(server.url, `boxes-bench-${i}@example.com`, `10.9.0.${i + 1}`));
    }
    const ids = await rows<{ id: string }[]>`select id from users order by email`;
    for (const { id } of ids) {
      await grantPoints(database.db, { userId: id, kind: "bench_grant", amount: 1_000_000, reference: id });
    }
    let turn = 0;
    const asMember = (body: () => string) => ({
      setupRequest: (request: autocannon.Request) => {
        turn += 1;
        return {
          ...request,
          headers: { "content-type": "application/json", authorization: auths[turn % members] as string },
          body: body(),
        };
      },
    });
    const purchase = await load(`${server.url}/api/boxes/purchase`, {
      method: "POST",
      requests: [asMember(() => JSON.stringify({ box_id: "bench", quantity: 1 }))],
    });
    // Every member opens their own boxes: one unopened box per request, in the order of the tokens.
    const unopened = new Map<string, string[]>();
    const owned = await rows<{ email: string; id: string }[]>`
      select u.email, o.id from owned_boxes o join users u on u.id = o.user_id where o.opened_at is null order by u.email`;
    for (const row of owned) unopened.set(row.email, [...(unopened.get(row.email) ?? []), row.id]);
    const queues = Array.from({ length: members }, (_, i) => unopened.get(`boxes-bench-${i}@example.com`) ?? []);
    let openTurn = 0;
    const open = await load(`${server.url}/api/boxes/open`, {
      method: "POST",
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            openTurn += 1;
            const member = openTurn % members;
            return {
              ...request,
              headers: { "content-type": "application/json", authorization: auths[member] as string },
              body: JSON.stringify({ owned_box_id: queues[member]?.pop() ?? "00000000-0000-4000-8000-000000000000" }),
            };
          },
        },
      ],
    });
    const limited = await load(`${server.url}/api/boxes/purchase`, {
      method: "POST",
      requests: [asMember(() => JSON.stringify({ box_id: "limited", quantity: 1 }))],
    });
    const [check] = await rows<Record<string, number>[]>`
      select
        (select sold from box_supply where box_id = 'limited') as limited_sold,
        (select count(*)::int from owned_boxes where box_id = 'limited' and source = 'purchase') as limited_owned,
        (select count(*)::int from users u where u.pts <> (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = u.id)) as drifted,
        (select count(*)::int from owned_boxes where box_id = 'bench' and source = 'purchase') as bench_sold,
        (select count(*)::int from owned_boxes where opened_at is not null) as opened
    `;
    const sound = Number(check?.limited_owned) <= limitedSupply && Number(check?.drifted) === 0;
    table.push({
      figure: "`POST /boxes/purchase` on PostgreSQL",
      measured: `${loadText(purchase)} (${check?.bench_sold} boxes bought by ${members} members)`,
      ceiling: "—",
      target: "nothing oversold, balance = ledger sum",
      met: sound && purchase.errors === 0,
    });
    table.push({
      figure: "`POST /boxes/open` on PostgreSQL",
      measured: `${loadText({ ...open, errors: 0 })} (${check?.opened} opened; ${open.errors} refusals after a member's boxes ran out)`,
      ceiling: "—",
      target: "each box opened once",
      met: sound,
    });
    notes.push(
      `limited box, supply ${limitedSupply} (${limited.rps} req/s, ${limited.errors} sold_out answers): sold ${check?.limited_sold}, owned ${check?.limited_owned} (oversold: ${Number(check?.limited_owned) - limitedSupply}); members whose balance differs from their ledger sum: ${check?.drifted}`,
    );
  } finally {
    await rows.end();
    await database.close();
    await server.stop();
    await scratch.drop();
    rmSync(economyDir, { recursive: true, force: true });
  }
}

/**
 * Referrals and tasks on PostgreSQL: members in a ring of invites (each used the next one's code)
 * with bound wallets, then `POST /refer_code/claim` and `GET /tasks/consume` from all of them at
 * once. The first calls move the rewards; afterwards every invite and task is credited exactly once.
 */
async function benchReferrals(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl, "arcana_bench");
  const server = await startServer({ DATABASE_URL: scratch.url, TRUST_PROXY: "1", INDEXER: "off", CHAINS: "opBNB" });
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 4 });
  const rows = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const members = 16;
    const auths: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < members; i++) {
      const auth = await signUpForBench(server.url, `referrals-bench-${i}@example.com`, `10.8.0.${i + 1}`);
      auths.push(auth);
      const summary = (await (
        await fetch(`${server.url}/api/refer_code`, { headers: { authorization: auth } })
      ).json()) as {
        data: { code: string };
      };
      codes.push(summary.data.code);
    }
    for (let i = 0; i < members; i++) {
      await post(
        `${server.url}/api/refer_code/use`,
        { code: codes[(i + 1) % members] },
        { authorization: auths[i] as string },
      );
    }
    const ids = await rows<{ id: string }[]>`select id from users order by email`;
    for (const [i, { id }] of ids.entries()) {
      await setBoundWallet(database.db, id, "evm", `0x${(i + 1).toString(16).padStart(40, "b")}`, new Date());
    }
    let turn = 0;
    const asMember = {
      setupRequest: (request: autocannon.Request) => {
        turn += 1;
        return {
          ...request,
          headers: { "content-type": "application/json", authorization: auths[turn % members] as string },
        };
      },
    };
    const claim = await load(`${server.url}/api/refer_code/claim`, { method: "POST", requests: [asMember] });
    const tasks = await load(`${server.url}/api/tasks/consume`, { requests: [asMember] });
    const [check] = await rows<Record<string, number>[]>`
      select
        (select count(*)::int from ledger_entries where kind = 'referral') as inviter_credits,
        (select count(*)::int from ledger_entries where kind = 'referral_invitee') as invitee_credits,
        (select count(*)::int from ledger_entries where kind = 'task') as task_credits,
        (select count(*)::int from users u where u.pts <> (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = u.id)) as drifted
    `;
    const exact = [check?.inviter_credits, check?.invitee_credits, check?.task_credits].every((n) => n === members);
    table.push({
      figure: "`POST /refer_code/claim` on PostgreSQL",
      measured: loadText(claim),
      ceiling: "—",
      target: "(reported)",
      met: null,
    });
    table.push({
      figure: "`GET /tasks/consume` on PostgreSQL",
      measured: loadText(tasks),
      ceiling: "—",
      target: "(reported)",
      met: null,
    });
    notes.push(
      `referrals: ${members} members in a ring of invites, wallets bound: inviter credits ${check?.inviter_credits}, invitee credits ${check?.invitee_credits}, task credits ${check?.task_credits} (each should be ${members}${exact ? ": exact" : ": WRONG"}); balances differing from their ledger sum: ${check?.drifted}`,
    );
  } finally {
    await rows.end();
    await database.close();
    await server.stop();
    await scratch.drop();
  }
}

function printTable() {
  const cells = (row: Row) => [
    row.figure,
    row.measured,
    row.ceiling,
    row.target,
    row.met === null ? "" : row.met ? "met" : "NOT met",
  ];
  console.log("\n| figure | measured | ceiling on the same box | target | |");
  console.log("|---|---|---|---|---|");
  for (const row of table) console.log(`| ${cells(row).join(" | ")} |`);
  console.log(
    `\n(${CONNECTIONS} connections, ${DURATION_S} s after a ${WARMUP_S} s warm-up, 127.0.0.1; indexer: \`npm run bench:indexer\`)`,
  );
  for (const note of notes) console.log(`- ${note}`);
}

if (ONLY === "frontend") {
  const production = await startServer({ ...productionEnv, INDEXER: "off", HOST: "127.0.0.1" });
  try {
    await benchFrontend(production.url);
  } finally {
    await production.stop();
  }
} else {
  const readyMs = await timeNpmStart();
  table.push({
    figure: "`npm start` → ready (including the web build when it is out of date)",
    measured: `${(readyMs / 1000).toFixed(1)} s`,
    ceiling: "—",
    target: "≤ 15 s",
    met: readyMs <= 15_000,
  });
  await benchProduction();
}
if (DATABASE_URL && !ONLY) {
  await benchBoxes(DATABASE_URL);
  await benchAccounts(DATABASE_URL);
  await benchReferrals(DATABASE_URL);
}
printTable();
