import type { Dependency } from "@arcana/protocol";
import { type Answer, errorCodeOf, getJson, type Member, memberChain, poll, postJson, send } from "./client.js";
import type { Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

/** A request that needs the dependency; `up` says whether its answer shows the dependency answering. */
interface Probe {
  request(): Promise<Answer>;
}

const RECOVERY_LIMIT_MS = 5_000;
const LOAD_WORKERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PhaseTally {
  answers: number;
  problems: string[];
  slowestMs: number;
}

/** Load: a few workers sending the probe back to back, each answer judged by `judge`. */
function runLoad(probe: Probe, judge: () => (answer: Answer) => string | null) {
  let running = true;
  const tally: PhaseTally = { answers: 0, problems: [], slowestMs: 0 };
  const workers = Array.from({ length: LOAD_WORKERS }, async () => {
    while (running) {
      const check = judge();
      try {
        const answer = await probe.request();
        tally.answers += 1;
        tally.slowestMs = Math.max(tally.slowestMs, answer.ms);
        const problem = check(answer);
        if (problem && tally.problems.length < 5) tally.problems.push(problem);
      } catch (error) {
        tally.answers += 1;
        if (tally.problems.length < 5) tally.problems.push(`no answer: ${String(error)}`);
      }
    }
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** "3 answers: 503 dependency_unavailable ×3, slowest 0.12 s" */
function describeAnswers(answers: Answer[]): string {
  if (answers.length === 0) return "no other answer";
  const kinds = new Map<string, number>();
  for (const answer of answers) {
    const kind = `${answer.status} ${errorCodeOf(answer) ?? answer.text.slice(0, 60)}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  return `${answers.length} answers: ${[...kinds].map(([kind, n]) => `${kind} ×${n}`).join(", ")}, slowest ${(slowest / 1000).toFixed(2)} s`;
}

function isUp(answer: Answer): boolean {
  return answer.status < 500;
}

/** The promised answer while `dependency` is down: 503 dependency_unavailable naming it, with Retry-After. */
function downAnswerProblem(dependency: Dependency, answer: Answer): string | null {
  if (isUp(answer)) return null; // Answered from what the server still had (a cached session, …).
  const named = (answer.json as { error?: { dependency?: string } } | undefined)?.error?.dependency;
  if (answer.status !== 503 || errorCodeOf(answer) !== "dependency_unavailable" || named !== dependency)
    return `during the ${dependency} cut: ${answer.status} ${answer.text.slice(0, 200)}`;
  if (!answer.headers["retry-after"]) return `during the ${dependency} cut: 503 without Retry-After`;
  return null;
}

async function readyz(url: string) {
  return (await send(url, { method: "GET", path: "/readyz" })).status;
}

export interface OutageContext {
  env: Environment;
  url: string;
  /** A member with a bound wallet, funded, 1000 points. */
  member: Member;
  /** A fresh e-mail address and client address for each sign-in code. */
  freshEmail(): { email: string; ip: string };
  /** A check-in transaction already credited (the RPC probe re-submits it). */
  creditedCheckIn: `0x${string}`;
  /** A fresh member with a bound, funded wallet who has not checked in. */
  newMember(): Promise<Member>;
}

/** How each dependency is exercised, and whether /readyz reports it. */
function probes(ctx: OutageContext): Record<Dependency, { probe: Probe; inReadiness: boolean }> {
  return {
    database: { probe: { request: () => getJson(ctx.url, "/users/mine", ctx.member.headers) }, inReadiness: true },
    redis: { probe: { request: () => getJson(ctx.url, "/wallet/nonce", ctx.member.headers) }, inReadiness: true },
    rpc: {
      probe: {
        request: () =>
          postJson(
            ctx.url,
            "/blockchain/check_in",
            { tx_hash: ctx.creditedCheckIn, chain_id: 31337 },
            ctx.member.headers,
          ),
      },
      inReadiness: false,
    },
    smtp: {
      probe: {
        request: () => {
          const { email, ip } = ctx.freshEmail();
          return postJson(ctx.url, "/send_code", { email, check_email: false }, { "x-forwarded-for": ip });
        },
      },
      inReadiness: false,
    },
  };
}

/**
 * Check 3: with load running, each dependency is slowed, cut and restored through its relay.
 * Answers during the cut are 503 naming it (never a hang), /readyz follows, the server recovers by
 * itself within 5 s, a purchase retried with its Idempotency-Key lands once, and a check-in mined
 * while the database or RPC was away is credited once when they are back.
 */
export async function cutEveryDependency(ctx: OutageContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [dependency, { probe, inReadiness }] of Object.entries(probes(ctx)) as Array<
    [Dependency, { probe: Probe; inReadiness: boolean }]
  >) {
    const relay = ctx.env.relays[dependency];
    const problems: string[] = [];
    const checkInMember = dependency === "database" || dependency === "rpc" ? await ctx.newMember() : null;
    let phase: "up" | "slow" | "down" = "up";
    const load = runLoad(probe, () => {
      const atStart = phase;
      // A request that was under way when the cut came may be answered as during the cut.
      return (answer) =>
        atStart === "down" || phase === "down"
          ? downAnswerProblem(dependency, answer)
          : isUp(answer)
            ? null
            : `${atStart}: ${answer.status} ${answer.text.slice(0, 200)}`;
    });
    await sleep(1_000);
    phase = "slow";
    relay.delay(150);
    await sleep(1_500);
    relay.delay(0);
    await sleep(300);
    phase = "down";
    relay.cut();
    const cutAt = Date.now();
    // Writes a client retries with one Idempotency-Key until they land.
    const key = `outage-${dependency}-${cutAt}`;
    const purchase = retryPurchase(ctx, key);
    // A check-in mined while the dependency is away (straight to the chain, not through the relay).
    const checkIn = checkInMember ? chainCheckIn(ctx, checkInMember) : null;
    await sleep(1_500);
    if (inReadiness) {
      const status = await readyz(ctx.url);
      if (status !== 503) problems.push(`/readyz answered ${status} while ${dependency} was cut`);
    }
    await sleep(1_500);
    const wrongDuringCut = load.tally.problems.length;
    await load.stop();
    problems.push(...load.tally.problems);
    phase = "up";
    await relay.restore();
    const restoredAt = Date.now();
    let recoverMs = Number.NaN;
    // What the probe got until it was answered again: a slow recovery says whether it was refusals or one slow answer.
    const beforeRecovery: Answer[] = [];
    let recoveredAnswerMs = Number.NaN;
    try {
      await poll(
        `${dependency} recovery`,
        async () => {
          const answer = await probe.request();
          if (isUp(answer)) {
            recoveredAnswerMs = answer.ms;
            return true;
          }
          beforeRecovery.push(answer);
          return undefined;
        },
        RECOVERY_LIMIT_MS + 5_000,
      );
      recoverMs = Date.now() - restoredAt;
      if (recoverMs > RECOVERY_LIMIT_MS)
        problems.push(
          `recovered after ${recoverMs} ms (limit ${RECOVERY_LIMIT_MS}); the first good answer took ${Math.round(recoveredAnswerMs)} ms; before it: ${describeAnswers(beforeRecovery)}`,
        );
    } catch (error) {
      problems.push(`${String(error)}; before: ${describeAnswers(beforeRecovery)}`);
    }
    if (inReadiness) {
      await poll(
        `/readyz after ${dependency}`,
        async () => ((await readyz(ctx.url)) === 200 ? true : undefined),
        5_000,
      ).catch((error: unknown) => problems.push(String(error)));
    }
    const landed = await purchase.catch((error: unknown) => {
      problems.push(`retried purchase: ${String(error)}`);
      return null;
    });
    if (landed !== null) {
      const [row] = await ctx.env.sql<
        { n: number }[]
      >`select count(*)::int as n from box_purchases where idempotency_key = ${key}`;
      if (row?.n !== 1) problems.push(`purchase retried with key ${key} landed ${row?.n} times`);
    }
    if (checkIn) {
      const credited = await checkIn.catch((error: unknown) => {
        problems.push(`check-in mined during the ${dependency} cut: ${String(error)}`);
        return null;
      });
      if (credited !== null && credited !== 1)
        problems.push(`check-in mined during the ${dependency} cut credited ${credited} times`);
    }
    if (dependency === "smtp") problems.push(...(await smtpRefusal(ctx, probe)));
    results.push({
      check: `cut ${dependency}`,
      attempts: load.tally.answers,
      failures: problems.length,
      figure: `recovered in ${Number.isNaN(recoverMs) ? "—" : `${(recoverMs / 1000).toFixed(2)} s`}, slowest answer ${(load.tally.slowestMs / 1000).toFixed(2)} s, ${wrongDuringCut} wrong answers`,
      details: problems,
    });
  }
  return results;
}

/** Buys one box with a fixed Idempotency-Key, retrying every 200 ms through the outage. */
async function retryPurchase(ctx: OutageContext, key: string) {
  const deadline = Date.now() + 20_000;
  let tries = 0;
  for (;;) {
    tries += 1;
    const answer = await postJson(
      ctx.url,
      "/boxes/purchase",
      { box_id: "star", quantity: 1 },
      { ...ctx.member.headers, "idempotency-key": key },
    ).catch(() => null);
    if (answer?.status === 200) return tries;
    if (answer && answer.status < 500) throw new Error(`refused: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (Date.now() > deadline) throw new Error(`not landed after ${tries} tries`);
    await sleep(200);
  }
}

/** The member checks in on chain now; resolves to how many credits the indexer made of it once back. */
async function chainCheckIn(ctx: OutageContext, member: Member): Promise<number> {
  await memberChain(ctx.env, member).checkIn();
  const credits = async () => {
    const [row] = await ctx.env.sql<{ n: number }[]>`
      select count(*)::int as n from ledger_entries l join users u on u.id = l.user_id
      where u.email = ${member.email} and l.kind = 'check_in'`;
    return row?.n ?? 0;
  };
  // The indexer retries with a backoff while the dependency is away: give it time once it is back.
  await poll(`check-in of ${member.email} credited`, async () => ((await credits()) > 0 ? true : undefined), 30_000);
  return credits();
}

/** SMTP up but refusing the recipient: no code is reported sent. */
async function smtpRefusal(ctx: OutageContext, probe: Probe): Promise<string[]> {
  ctx.env.smtp.refuse(true);
  try {
    const answers = await Promise.all(Array.from({ length: 5 }, () => probe.request()));
    return answers
      .map(
        (answer) =>
          downAnswerProblem("smtp", answer) ??
          (isUp(answer) ? `SMTP refused, yet ${answer.status}: ${answer.text.slice(0, 120)}` : null),
      )
      .filter((problem): problem is string => problem !== null);
  } finally {
    ctx.env.smtp.refuse(false);
  }
}
