import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { createTestClient, http, publicActions } from "viem";
import { hardhat } from "viem/chains";
import { repoRoot } from "../config.js";

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A real local EVM chain (Hardhat's node, chain id 31337) on a free port, for tests that need the
 * chain to answer (contract wallets). Stop it with `stop()`.
 */
export async function startTestChain() {
  const port = await freePort();
  const contractsDir = path.join(repoRoot, "contracts");
  const cli = createRequire(path.join(contractsDir, "package.json")).resolve("hardhat/internal/cli/cli");
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: contractsDir,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const client = createTestClient({ chain: hardhat, mode: "hardhat", transport: http(url) }).extend(publicActions);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited:\n${output}`);
    if (
      await client.getChainId().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`hardhat node not up within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    /** Hand it to the app as LOCAL_RPC_URL. */
    url,
    client,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
