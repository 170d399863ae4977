// The bench's shared pieces: settings from the environment, the table every part adds a row to, load runs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type Database, openDatabase } from "../../server/src/db/client.js";
import { sessions } from "../../server/src/modules/auth/schema.js";
import { generateSessionToken, hashSessionToken } from "../../server/src/modules/auth/secrets.js";
import { signUpOrTouch } from "../../server/src/modules/users/service.js";
import { repoRoot, startServer } from "../src/server.js";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/**
 * `BENCH_ONLY=frontend`: only the first-load JS and Lighthouse, each page `BENCH_LIGHTHOUSE_RUNS` times;
 * `server`: only `npm run serve`'s start and the production server's answers beside their ceilings;
 * `sponsored`: only the relay; `soak`: only the 10-minute soak (`soak.ts`); `openings`: only the public openings
 * export at `BENCH_OPENINGS` (1,000,000) openings (`openings.ts`); `reminders`: only streak reminders at
 * `BENCH_REMINDERS` (100,000) members (`reminders.ts`).
 */
export const ONLY = process.env.BENCH_ONLY;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests and answers that were not 2xx, refusals included. */
  errors: number;
  /** Of those, 429s: a limit saying no, as designed. */
  refused: number;
}

/** One row of the printed table. */
export interface Row {
  figure: string;
  measured: string;
  ceiling: string;
  target: string;
  met: boolean | null;
}
export const table: Row[] = [];
export const notes: string[] = [];
export const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
export const loadText = (r: Load) =>
  `${r.rps.toLocaleString("en")} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ""}`;

export async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Load> {
  if (WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, ...options });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    refused: result.statusCodeStats?.["429"]?.count ?? 0,
  };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { token: string } };
}

/** A day-long session for `userId`, written straight into the database; answers its bearer token. */
export async function benchSession(db: Database, userId: string): Promise<string> {
  const token = generateSessionToken();
  const at = new Date();
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + 24 * 3600 * 1000),
    userAgent: "bench",
  });
  return token;
}

/** A member with a live session, written straight into the database `npm run serve` uses. */
export async function memberSession(databaseUrl: string) {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 1 });
  try {
    const member = await signUpOrTouch(database.db, "ssr-bench@example.com");
    return await benchSession(database.db, member.id);
  } finally {
    await database.close();
  }
}

/** Signs up by e-mail code through the dev mailbox; returns the Authorization header. */
export async function signUpForBench(url: string, email: string, ip: string) {
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
 * A server on the bench's scratch database (its own economy file when given), trusting X-Forwarded-For: each
 * member signs up from an address of its own.
 */
export function benchServer(databaseUrl: string, economyFile?: string) {
  return startServer({
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    INDEXER: "off",
    CHAINS: "opBNB",
    ...(economyFile ? { ECONOMY_FILE: economyFile } : {}),
  });
}

/**
 * The shipped `config/economy.json` as `change` leaves it, written to a file of its own for a bench server
 * (`ECONOMY_FILE`); `remove` deletes it again.
 */
export function economyFile(change: (economy: Record<string, Record<string, unknown> | unknown[]>) => void) {
  const economy = JSON.parse(readFileSync(path.join(repoRoot, "config/economy.json"), "utf8"));
  change(economy);
  const dir = mkdtempSync(path.join(tmpdir(), "arcana-bench-economy-"));
  const file = path.join(dir, "economy.json");
  writeFileSync(file, JSON.stringify(economy));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function printTable() {
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
