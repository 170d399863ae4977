import { type Answer, getJson, type Member, postJson, send, signUp } from "./client.js";
import type { AppProcess, Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

const WORKERS = 6;
const P99_LIMIT_MS = 250;
/** The long soak's bound (`npm run bench`): the heap left after major collections rises by at most this much. */
const HEAP_FLOOR_RISE_LIMIT = 0.05;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * The heap left after each major collection: the samples where heap use fell by a third or more.
 * A leak shows as floors that keep rising; RSS alone does not tell, as V8 keeps the pages its heap
 * grew to between collections (a 240 s soak: RSS rose 290 -> 497 MiB and stayed within 494-499 MiB
 * from 107 s on, while the floors stayed at 88-103 MiB).
 */
function heapFloors(heaps: Array<{ at: number; mib: number }>): Array<{ at: number; mib: number }> {
  const floors: Array<{ at: number; mib: number }> = [];
  for (let i = 1; i < heaps.length; i++) {
    const [before, after] = [heaps[i - 1] as { mib: number }, heaps[i] as { at: number; mib: number }];
    if (after.mib < before.mib * (2 / 3)) floors.push(after);
  }
  return floors;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};

/**
 * Whether the heap leaks: the median floor of the measured time's last third against its second third (the first
 * still holds V8 sizing its heap). Null when either third saw fewer than 2 major collections (too short to tell).
 */
function heapFloorRise(floors: Array<{ at: number; mib: number }>, fromMs: number, toMs: number) {
  const third = (toMs - fromMs) / 3;
  const second = floors.filter((floor) => floor.at >= fromMs + third && floor.at < fromMs + 2 * third);
  const last = floors.filter((floor) => floor.at >= fromMs + 2 * third);
  if (second.length < 2 || last.length < 2) return null;
  const [secondMib, lastMib] = [median(second.map((f) => f.mib)), median(last.map((f) => f.mib))];
  return { secondMib, lastMib, rise: (lastMib - secondMib) / secondMib };
}

/**
 * Check 5: mixed member traffic (sign-ins, reads, staking claims, purchases, check-in credits) from
 * WORKERS concurrent clients: `warmUpSeconds` unmeasured, then `seconds` measured. It fails on errors and on p99; RSS
 * and the heap are reported. With `heapCheck` (the 10-minute soak of `npm run bench`, long enough to tell a leak from
 * V8 sizing its heap) it also fails when the heap left after major collections rises by more than 5 % from the
 * second to the last third of the measured time.
 */
export async function soak(
  env: Environment,
  app: AppProcess,
  /** Each with a check-in transaction of their own, already credited. */
  members: Array<{ member: Member; checkIn: `0x${string}` }>,
  seconds: number,
  warmUpSeconds: number,
  options: { heapCheck?: boolean } = {},
): Promise<CheckResult[]> {
  const checkInOf = new Map(members.map(({ member, checkIn }) => [member.email, checkIn]));
  const operations: Array<(member: Member) => Promise<Answer>> = [
    (m) => getJson(app.url, "/users/mine", m.headers),
    (m) => getJson(app.url, "/nft/staking/rewards", m.headers),
    (m) => getJson(app.url, "/blockchain/check_in", m.headers),
    (m) => getJson(app.url, "/boxes", m.headers),
    (m) => getJson(app.url, "/assets?per_page=20", m.headers),
    (m) => postJson(app.url, "/nft/staking/claim_all", {}, m.headers),
    (m) => postJson(app.url, "/boxes/purchase", { box_id: "star", quantity: 1 }, m.headers),
    (m) => postJson(app.url, "/blockchain/check_in", { tx_hash: checkInOf.get(m.email), chain_id: 31337 }, m.headers),
  ];
  const latencies: number[] = [];
  let requests = 0;
  let errors = 0;
  let signIns = 0;
  const errorSamples: string[] = [];
  // V8 grows its heap for the first tens of seconds of load before its first major collections:
  // growth is measured after that, once the heap has reached its working size.
  const warmUpMs = warmUpSeconds * 1000;
  const started = Date.now();
  const measuredFrom = started + warmUpMs;
  const endAt = measuredFrom + seconds * 1000;
  const rss: Array<{ at: number; kib: number; heapMib: number }> = [];
  const sampler = setInterval(async () => {
    const at = Date.now() - started;
    const kib = app.rssKib();
    const metrics = await send(app.url, { method: "GET", path: "/metrics" }).catch(() => null);
    const heap = Number(metrics?.text.match(/^nodejs_heap_size_used_bytes (\S+)/m)?.[1] ?? Number.NaN) / 2 ** 20;
    rss.push({ at, kib, heapMib: heap });
    if (process.env.RELIABILITY_VERBOSE)
      console.log(
        `soak ${(at / 1000).toFixed(0)} s: RSS ${(kib / 1024).toFixed(0)} MiB, heap used ${heap.toFixed(0)} MiB`,
      );
  }, 1_000);
  const record = (answer: Answer | null, what: string) => {
    if (Date.now() < measuredFrom) return;
    requests += 1;
    if (answer) latencies.push(answer.ms);
    if (!answer || answer.status >= 500 || (answer.status >= 400 && answer.status !== 409 && answer.status !== 429)) {
      errors += 1;
      if (errorSamples.length < 5)
        errorSamples.push(`${what}: ${answer ? `${answer.status} ${answer.text.slice(0, 160)}` : "no answer"}`);
    }
  };
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      let turn = 0;
      while (Date.now() < endAt) {
        turn += 1;
        const { member } = members[(worker + turn) % members.length] as { member: Member };
        // One turn in 25 is a whole sign-in (code mailed over SMTP, then sign_in).
        if (turn % 25 === 0) {
          const at = performance.now();
          await signUp(env, app.url, "soak").then(
            () => {
              if (Date.now() < measuredFrom) return;
              signIns += 1;
              requests += 2;
              latencies.push((performance.now() - at) / 2);
            },
            (error: unknown) => {
              requests += 1;
              errors += 1;
              if (errorSamples.length < 5) errorSamples.push(`sign-in: ${String(error).slice(0, 160)}`);
            },
          );
          continue;
        }
        const operation = operations[turn % operations.length] as (member: Member) => Promise<Answer>;
        record(await operation(member).catch(() => null), `operation ${turn % operations.length}`);
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (Date.now() - measuredFrom) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const afterWarmUp = rss.find((sample) => sample.at >= warmUpMs) ?? rss[0];
  const first = rss[0];
  const last = rss.at(-1);
  const growth = afterWarmUp && last ? (last.kib - afterWarmUp.kib) / afterWarmUp.kib : Number.NaN;
  const heaps = rss.filter((sample) => !Number.isNaN(sample.heapMib)).map((s) => ({ at: s.at, mib: s.heapMib }));
  const floors = heapFloors(heaps);
  const rise = heapFloorRise(floors, warmUpMs, warmUpMs + seconds * 1000);
  const heapLeak = options.heapCheck === true && (rise === null || rise.rise > HEAP_FLOOR_RISE_LIMIT);
  const mib = (kib: number | undefined) => ((kib ?? 0) / 1024).toFixed(0);
  const problems = [...errorSamples];
  if (p99 > P99_LIMIT_MS) problems.push(`p99 ${p99.toFixed(0)} ms over ${P99_LIMIT_MS} ms`);
  if (heapLeak)
    problems.push(
      rise === null
        ? "fewer than 2 major collections in the second or the last third: too short to tell a leak"
        : `heap after major collections rose ${(rise.rise * 100).toFixed(1)} % (over ${HEAP_FLOOR_RISE_LIMIT * 100} %)`,
    );
  const heapMibs = heaps.map((heap) => heap.mib);
  return [
    {
      check: `soak: ${seconds} s mixed traffic (after ${warmUpSeconds} s warm-up), ${WORKERS} clients`,
      attempts: requests,
      failures: errors + (p99 > P99_LIMIT_MS ? 1 : 0) + (heapLeak ? 1 : 0),
      figure:
        `${(requests / elapsed).toFixed(0)} req/s, ${errors} errors, ${signIns} sign-ins, p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, RSS ${mib(first?.kib)} MiB at the start, ${mib(afterWarmUp?.kib)} after ${warmUpSeconds} s warm-up, ` +
        `${mib(last?.kib)} at the end (${(growth * 100).toFixed(1)} % after warm-up, reported, not a bound), ` +
        `heap used ${Math.min(...heapMibs).toFixed(0)}–${Math.max(...heapMibs).toFixed(0)} MiB, ` +
        (floors.length >= 2
          ? `after each major collection ${floors.map((floor) => floor.mib.toFixed(0)).join(", ")} MiB`
          : "fewer than 2 major collections seen") +
        (rise
          ? `; median floor ${rise.secondMib.toFixed(1)} MiB in the second third, ${rise.lastMib.toFixed(1)} in the last (${(rise.rise * 100).toFixed(1)} %)`
          : ""),
      details: problems,
    },
  ];
}
