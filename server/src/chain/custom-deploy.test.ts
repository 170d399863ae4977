import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { devDeployerPrivateKey } from "@arcana/contracts/dev-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../config.js";
import { startTestChain } from "../test/chain.js";
import { hardhatAccounts } from "../test/contracts.js";

// docs/operating.md, Contracts and chains: a chain of your own is deployed to with the exact line the docs give,
// from the repository's root, and served as `custom` from the file it writes.
const deployments = path.join(repoRoot, "contracts/deployments");
const customFile = path.join(deployments, "custom.json");
const devChainFile = path.join(deployments, "31337.json");
const kept = new Map<string, string | null>();
let chain: Awaited<ReturnType<typeof startTestChain>>;
beforeAll(async () => {
  // A developer's own records are put back afterwards.
  for (const file of [customFile, devChainFile]) kept.set(file, existsSync(file) ? readFileSync(file, "utf8") : null);
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  for (const [file, text] of kept) {
    if (text === null) rmSync(file, { force: true });
    else writeFileSync(file, text);
  }
  await chain?.stop();
});

describe("npm run deploy -w @arcana/contracts -- --network custom", () => {
  it("deploys to the RPC it is given, writes contracts/deployments/custom.json (never the dev chain's file) and prints the .env lines", async () => {
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "deploy", "-w", "@arcana/contracts", "--", "--network", "custom"],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          CUSTOM_RPC_URL: chain.url,
          CUSTOM_CHAIN_ID: "31337",
          DEPLOYER_PRIVATE_KEY: devDeployerPrivateKey,
          AUTHORIZER_ADDRESS: hardhatAccounts[1]?.address ?? "",
          PASS_BASE_URI: "https://your.site/api/nft/metadata/",
        },
      },
    );
    const record = JSON.parse(readFileSync(customFile, "utf8")) as {
      chainId: number;
      contracts: Record<string, { address: string }>;
    };
    expect(record.chainId).toBe(31337);
    expect(stdout).toContain("CHAINS=custom");
    expect(stdout).toContain(`CUSTOM_GENESIS_PASS_ADDRESS=${record.contracts.GenesisPass?.address}`);
    expect(stdout).toContain(`CUSTOM_RPC_URL=${chain.url}`);
    expect(existsSync(devChainFile) ? readFileSync(devChainFile, "utf8") : null).toBe(kept.get(devChainFile));
  }, 180_000);
});
