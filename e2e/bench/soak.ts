// The long soak: 10 minutes (BENCH_SOAK_SECONDS) of the reliability suite's mixed member traffic on PostgreSQL,
// Redis, the local chain and an SMTP peer, long enough to tell a leak from V8 sizing its heap. It fails when the heap
// left after major collections rises by more than 5 % from the second to the last third; RSS is reported.
import { notes, table } from "./common.js";

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_WARM_UP_SECONDS = Number(process.env.BENCH_SOAK_WARM_UP_SECONDS ?? 60);

export async function benchSoak(databaseUrl: string) {
  // The suite's environment reads its PostgreSQL server when it is loaded: this bench's, then.
  process.env.RELIABILITY_DATABASE_URL = databaseUrl;
  const { startEnvironment } = await import("../reliability/environment.js");
  const { soakMembers } = await import("../reliability/members.js");
  const { soak } = await import("../reliability/soak.js");
  console.log(`::: soak: ${SOAK_WARM_UP_SECONDS} s warm-up, then ${SOAK_SECONDS} s of mixed member traffic`);
  const env = await startEnvironment();
  try {
    const app = await env.startApp("soak", { LOG_LEVEL: "warn" });
    const members = await soakMembers(env, app.url);
    const [result] = await soak(env, app, members, SOAK_SECONDS, SOAK_WARM_UP_SECONDS, { heapCheck: true });
    if (!result) throw new Error("the soak returned no result");
    table.push({
      figure: `soak: ${SOAK_SECONDS} s of mixed member traffic on PostgreSQL (6 clients)`,
      measured: result.figure,
      ceiling: "—",
      target: "0 errors, p99 ≤ 250 ms, heap after major collections +≤ 5 % (second → last third)",
      met: result.failures === 0,
    });
    for (const detail of result.details ?? []) notes.push(`soak: ${detail}`);
  } finally {
    await env.stop();
  }
}
