// `npm run bench`: how fast Arcana starts and answers, measured on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import postgres from "postgres";
import { openDatabase } from "../../server/src/db/client.js";
import { hashPassword } from "../../server/src/modules/auth/secrets.js";
import { grantPoints } from "../../server/src/modules/ledger/service.js";
import { setBoundWallet } from "../../server/src/modules/users/service.js";
import { productionEnv } from "../../server/src/test/app.js";
import { createScratchDatabase } from "../../server/src/test/database.js";
import { freePort, repoRoot, startServer, waitUntilReady } from "../src/server.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

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
  return {
    url,
    readyMs,
    stop: async () => {
      process.kill(-(child.pid ?? 0), "SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Gzip bytes of every script the document of `path` loads before it is interactive. */
async function firstLoadJsGzip(url: string) {
  const html = await (await fetch(url)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(
    /<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+)"/g,
  )) {
    const src = match[1] ?? match[2] ?? match[3];
    if (src?.endsWith(".js")) scripts.add(src);
  }
  let bytes = 0;
  for (const src of scripts)
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())).length;
  return { files: scripts.size, kb: bytes / 1024 };
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
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

/** Accounts on PostgreSQL: `GET /users/mine` and password `POST /sign_in`, plus argon2id's cost. */
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

    const mine = await load(`${server.url}/api/users/mine`, { headers: auth });
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
    console.log(
      `GET /users/mine (PostgreSQL): ${mine.rps} req/s, p50 ${mine.p50} ms, p99 ${mine.p99} ms, ${mine.errors} errors`,
    );
    console.log(
      `POST /sign_in password:      ${signIn.rps} req/s, p50 ${signIn.p50} ms, p99 ${signIn.p99} ms, ${signIn.errors} errors (8 connections)`,
    );
    for (const [name, result] of [
      ["GET /nft/staking/rewards", rewards],
      ["GET /blockchain/check_in", checkIn],
      ["POST /tarot/daily", tarot],
    ] as const) {
      console.log(
        `${`${name}:`.padEnd(29)} ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      );
    }
    console.log(`argon2id m=19456 KiB t=2 p=1: ${perHash.toFixed(1)} ms per hash`);
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

const server = await timeNpmStart();
try {
  const js = await firstLoadJsGzip(`${server.url}/`);
  await load(`${server.url}/`); // warm-up
  const health = await load(`${server.url}/healthz`);
  const ssr = await load(`${server.url}/`);
  console.log(`npm start → ready:        ${(server.readyMs / 1000).toFixed(1)} s (web build up to date)`);
  console.log(`first-load JS of /:        ${js.kb.toFixed(1)} KB gzip in ${js.files} files`);
  console.log(
    `GET /healthz:              ${health.rps} req/s, p50 ${health.p50} ms, p99 ${health.p99} ms, ${health.errors} errors`,
  );
  console.log(
    `GET / (SSR, development):  ${ssr.rps} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms, ${ssr.errors} errors`,
  );
} finally {
  await server.stop();
}

// What operators run: React's production build renders several times faster than its development build.
const production = await startServer({
  ...productionEnv,
  INDEXER: "off",
  HOST: "127.0.0.1",
});
try {
  await load(`${production.url}/`); // warm-up
  const ssr = await load(`${production.url}/`);
  console.log(
    `GET / (SSR, production):   ${ssr.rps} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms, ${ssr.errors} errors`,
  );
  console.log(`(${CONNECTIONS} connections, ${DURATION_S} s each, 127.0.0.1)`);
} finally {
  await production.stop();
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
    console.log(
      `POST /boxes/purchase (PostgreSQL): ${purchase.rps} req/s, p50 ${purchase.p50} ms, p99 ${purchase.p99} ms, ${purchase.errors} errors (${check?.bench_sold} boxes bought by ${members} members)`,
    );
    console.log(
      `POST /boxes/open (PostgreSQL):     ${open.rps} req/s, p50 ${open.p50} ms, p99 ${open.p99} ms, ${open.errors} refused (${check?.opened} opened; refusals are requests after a member's boxes ran out)`,
    );
    console.log(
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
    console.log(
      `POST /refer_code/claim (PostgreSQL): ${claim.rps} req/s, p50 ${claim.p50} ms, p99 ${claim.p99} ms, ${claim.errors} errors`,
    );
    console.log(
      `GET /tasks/consume (PostgreSQL):     ${tasks.rps} req/s, p50 ${tasks.p50} ms, p99 ${tasks.p99} ms, ${tasks.errors} errors`,
    );
    console.log(
      `${members} members in a ring of invites, wallets bound: inviter credits ${check?.inviter_credits}, invitee credits ${check?.invitee_credits}, task credits ${check?.task_credits} (each should be ${members}); balances differing from their ledger sum: ${check?.drifted}`,
    );
  } finally {
    await rows.end();
    await database.close();
    await server.stop();
    await scratch.drop();
  }
}

if (process.env.BENCH_DATABASE_URL) {
  await benchAccounts(process.env.BENCH_DATABASE_URL);
  await benchBoxes(process.env.BENCH_DATABASE_URL);
  await benchReferrals(process.env.BENCH_DATABASE_URL);
}
