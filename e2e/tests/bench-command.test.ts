import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../src/server.js";

// README.md's `npm run bench` row, typed from the repository's root as it says, with one part (BENCH_ONLY) at a
// tiny size: the documented command line works, not only the functions behind it.
async function npmRunBench(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", ["run", "bench"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

describe("`npm run bench` as README.md documents it", () => {
  it("BENCH_ONLY=openings with BENCH_DATABASE_URL prints the openings export's figures and exits 0", async () => {
    const stdout = await npmRunBench({ BENCH_ONLY: "openings", BENCH_OPENINGS: "3000", BENCH_DAY_OPENINGS: "300" });
    // The page and its API, each judged on the first request after a restart (the cold figure), beside the ceiling.
    for (const figure of [
      /GET \/api\/boxes\/fairness\/public .*with 3,000 openings/,
      /\/fairness \(server-rendered\) with 3,000 openings/,
    ]) {
      expect(stdout).toMatch(
        new RegExp(
          `${figure.source}, first request after a restart \\(PostgreSQL\\) \\| cold \\d+ ms, then \\d+ ms .*\\| GET \\/healthz .*\\| met \\|`,
        ),
      );
    }
    // Yesterday's file has every opening of the day, and its ETag answers 304.
    expect(stdout).toMatch(
      /\| yesterday's export \(300 openings, JSON Lines\) \| written \d+ ms .*304 on its ETag .*\| met \|/,
    );
    expect(stdout).toContain("the summary counted 3,000");
  }, 120_000);

  it("BENCH_ONLY=reminders with BENCH_DATABASE_URL, as docs/operating.md gives it, plans, sends through two servers and exits 0", async () => {
    const stdout = await npmRunBench({
      BENCH_ONLY: "reminders",
      BENCH_REMINDERS: "300",
      BENCH_REMINDER_CHECK_INS: "20",
      BENCH_REMINDER_CHECK_IN_SECONDS: "1",
      BENCH_WARMUP_SECONDS: "0",
    });
    expect(stdout).toMatch(
      /\| reminders: planning for 300 opted-in members at risk \(PostgreSQL\) \| [\d.]+ s \(300 queued; .*, 0 new\) \|/,
    );
    expect(stdout).toMatch(
      /\| reminders: 300 due at once, 2 servers \(one SIGKILLed .*\| \d+\/s: all in \d+ s .*; 0 missed, 0 doubled, \d+ handed over twice with the same Message-ID \|/,
    );
    expect(stdout).toMatch(
      /\| the daily check-in path with reminders .*\| off: GET .*; on, idle: GET .* \| while 2 servers send: GET /,
    );
    expect(stdout).toContain('jobs at the end: {"sent":300}');
  }, 240_000);
});
