import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnOwned } from "./processes.js";
import { freePort, repoRoot, waitUntilReady } from "./server.js";

/**
 * What a production server needs, with keys made for the test (never the development ones):
 * an embedded database in a fresh directory, one chain named with contract addresses, no indexer.
 */
export function productionEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SIGNER_PRIVATE_KEY: `0x${randomBytes(32).toString("hex")}`,
    SMTP_URL: "smtp://127.0.0.1:1",
    CHAINS: "opBNBTestnet",
    DEFAULT_CHAIN: "opBNBTestnet",
    OPBNB_TESTNET_RPC_URL: "http://127.0.0.1:1",
    OPBNB_TESTNET_GENESIS_PASS_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    OPBNB_TESTNET_DAILY_ADDRESS: "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8",
    INDEXER: "off",
    LOG_LEVEL: "info",
  };
}

export interface ProductionProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  stop(): Promise<void>;
}

/**
 * Runs `command args` in the repository (or `cwd`) as an operator would (env on top of the test's), until /readyz
 * answers.
 */
export async function startProduction(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = repoRoot,
): Promise<ProductionProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arcana-prod-"));
  const child = spawnOwned(command, args, {
    cwd,
    env: { ...process.env, ...productionEnv(port, dataDir), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(
    url,
    () => child.exitCode !== null || child.signalCode !== null,
    () => stdout + stderr,
  );
  return {
    url,
    port,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether something still accepts connections on the port. */
export function portAnswers(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
}
