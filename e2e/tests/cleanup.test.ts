import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../src/server.js";

// A run that fails or is interrupted takes every process it started with it (e2e/src/processes.ts): a reliability run
// that stopped halfway once left its server listening for 50 minutes under PID 1.

/** Every live process below `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8");
    return state.slice(state.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Starts `args` under node in e2e/, resolving once its output matches `ready`. */
async function startRun(args: string[], ready: RegExp, env: Record<string, string> = {}) {
  const run: ChildProcess = spawn(process.execPath, args, {
    cwd: path.join(repoRoot, "e2e"),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => run.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) resolve();
    };
    run.stdout?.on("data", onData);
    run.stderr?.on("data", onData);
    run.once("exit", () => reject(new Error(`ended before it was running:\n${output}`)));
  });
  return { run, exited, output: () => output };
}

/** What the run started is gone within 10 s of `end`. */
async function expectNothingLeft(pids: number[], end: Promise<void>) {
  await end;
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(pids.filter(alive)).toEqual([]);
}

describe("a test run that ends early", () => {
  it("interrupted (SIGINT) in the middle of the reliability suite, leaves no server, chain or relay behind", async () => {
    const suite = await startRun(["--import", "tsx", "reliability/main.ts"], /::: soak/, {
      RELIABILITY_ONLY: "soak",
    });
    const started = descendants(suite.run.pid as number);
    // The local chain and the app's server at least.
    expect(started.length).toBeGreaterThanOrEqual(2);
    suite.run.kill("SIGINT");
    await expectNothingLeft(started, suite.exited);
  }, 240_000);

  it("stopped (SIGTERM) while a browser test's server and chain run, leaves neither behind", async () => {
    const run = await startRun(["--import", "tsx", "fixtures/owned-processes.ts"], /running http/);
    const started = descendants(run.run.pid as number);
    expect(started.length).toBeGreaterThanOrEqual(2);
    run.run.kill("SIGTERM");
    await expectNothingLeft(started, run.exited);
  }, 120_000);

  it("failing with an uncaught exception, leaves neither behind", async () => {
    const run = await startRun(["--import", "tsx", "fixtures/owned-processes.ts", "throw"], /running http/);
    const started = descendants(run.run.pid as number);
    expect(started.length).toBeGreaterThanOrEqual(2);
    run.run.kill("SIGUSR2");
    await expectNothingLeft(started, run.exited);
  }, 120_000);
});
