import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../server/src/test/chain.js";
import { spawnOwned } from "./processes.js";

export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Polls /readyz until the server answers 200; fails fast if the process has exited. */
export async function waitUntilReady(url: string, exited: () => boolean, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`server exited early:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`server not ready within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A new directory for an embedded database: a copy of the migrated one the run made first (`global-setup.ts`), or
 * empty when there is none (a file run outside the e2e config, the benches), for the server to create and migrate.
 */
export function freshDataDir(prefix = "arcana-e2e-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env.ARCANA_E2E_DATABASE_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The local development chain (Hardhat, chain id 31337) on a free port with the contracts
 * deployed; its deployment record goes to `deploymentsDir`.
 */
export async function startLocalChain(deploymentsDir: string) {
  const port = await freePort();
  const chain = spawnOwned(
    process.execPath,
    ["--require", "ts-node/register/transpile-only", "--require", "hardhat/register", "scripts/dev-chain.ts"],
    {
      cwd: path.join(repoRoot, "contracts"),
      env: { ...process.env, CHAIN_PORT: String(port), LOCAL_DEPLOYMENTS_DIR: deploymentsDir },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const ready = output.match(/chain ready: (\S+)/);
      if (ready?.[1]) resolve(ready[1]);
    };
    chain.stdout?.on("data", onData);
    chain.stderr?.on("data", (chunk) => (output += chunk));
    chain.once("exit", () => reject(new Error(`local chain exited:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      if (chain.exitCode !== null) return;
      chain.kill("SIGTERM");
      await new Promise((r) => chain.once("exit", r));
    },
  };
}

/**
 * The server's sources through tsx, or, under `npm run test:e2e` (which builds it just before: ARCANA_E2E_SERVER=dist),
 * the built server: the same code without compiling it at each start (~3 s of a server's ~12 s here).
 */
export const serverEntry =
  process.env.ARCANA_E2E_SERVER === "dist" ? ["server/dist/main.js"] : ["--import", "tsx", "server/src/main.ts"];

/**
 * Starts the built server (web/build) on a free port with a fresh embedded database; with
 * `chain: true`, also a local chain with the contracts deployed, which the server indexes.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** `dataDir`: an embedded database the test prepared (removed again by `stop`); `nodeArgs`: extra Node flags (`--cpu-prof`). */
  options: { chain?: boolean; dataDir?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer & { rpcUrl: string | null; kill(signal: NodeJS.Signals): Promise<void> }> {
  const port = await freePort();
  const dataDir = options.dataDir ?? freshDataDir();
  // Never the developer's own `npm start` chain: each server reads its own deployment directory.
  const deploymentsDir = mkdtempSync(path.join(tmpdir(), "arcana-e2e-chain-"));
  const chain = options.chain ? await startLocalChain(deploymentsDir) : null;
  const child: ChildProcess = spawnOwned(process.execPath, [...(options.nodeArgs ?? []), ...serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOCAL_DEPLOYMENTS_DIR: deploymentsDir,
      ...(chain ? { LOCAL_RPC_URL: chain.url } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(
    url,
    () => child.exitCode !== null,
    () => output,
  );
  return {
    url,
    rpcUrl: chain?.url ?? null,
    output: () => output,
    /** Ends the server with `signal` (SIGKILL: a crash), leaving its directories for `stop`. */
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      await chain?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(deploymentsDir, { recursive: true, force: true });
    },
  };
}
