import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getConfigRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { apiClient } from "../test/api-client.js";
import { createTestApp, productionEnv } from "../test/app.js";
import { problemsOf } from "../test/config.js";
import { stubChainRpc } from "../test/rpc.js";

const SIGNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PASS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const DAILY = "0xe7f1725E7734CE288F8367e1e0d2b3c7E1f1b9e8";
const FORWARDER = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";

let rpc: Awaited<ReturnType<typeof stubChainRpc>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const custom = () => ({
  CHAINS: "custom",
  CUSTOM_CHAIN_ID: "777001",
  CUSTOM_CHAIN_NAME: "Arcana Chain",
  CUSTOM_RPC_URL: rpc.url,
  CUSTOM_EXPLORER_URL: "https://explorer.arcana.example/",
  CUSTOM_NATIVE_SYMBOL: "ARC",
  CUSTOM_GENESIS_PASS_ADDRESS: PASS,
  CUSTOM_DAILY_ADDRESS: DAILY,
  CUSTOM_FORWARDER_ADDRESS: FORWARDER,
  CUSTOM_DEPLOY_BLOCK: "12",
});
beforeAll(async () => {
  rpc = await stubChainRpc(SIGNER, () => false, { chainId: () => 777001 });
  t = await createTestApp({ env: custom() });
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await rpc?.stop();
});

describe("a custom chain (CHAINS=custom)", () => {
  it("is described by CUSTOM_* variables like the built-in chains", () => {
    const [chain] = loadConfig({ NODE_ENV: "test", ...custom() }).chains;
    expect(chain).toMatchObject({
      key: "custom",
      id: 777001,
      name: "Arcana Chain",
      rpcUrl: rpc.url,
      explorerUrl: "https://explorer.arcana.example",
      nativeCurrency: { name: "ARC", symbol: "ARC", decimals: 18 },
      genesisPassAddress: PASS,
      dailyAddress: DAILY,
      forwarderAddress: FORWARDER,
      deployBlock: 12,
      confirmations: 3,
    });
  });

  it("needs its id and RPC, and an id no other configured chain has", () => {
    expect(problemsOf({ NODE_ENV: "test", CHAINS: "custom" })).toEqual([
      "CUSTOM_CHAIN_ID: Invalid input: expected number, received NaN (CHAINS has custom)",
      "CUSTOM_RPC_URL: Invalid input: expected string, received undefined (CHAINS has custom)",
    ]);
    expect(problemsOf({ NODE_ENV: "test", ...custom(), CHAINS: "opBNB,custom", CUSTOM_CHAIN_ID: "204" })).toEqual([
      "CUSTOM_CHAIN_ID: 204 is opBNB's chain id, which CHAINS has already",
    ]);
    // Production asks of it what it asks of every chain: its contracts.
    const { CUSTOM_GENESIS_PASS_ADDRESS, CUSTOM_DAILY_ADDRESS, ...withoutContracts } = custom();
    expect(problemsOf({ ...productionEnv, ...withoutContracts })).toEqual([
      expect.stringContaining(
        "CUSTOM_GENESIS_PASS_ADDRESS, CUSTOM_DAILY_ADDRESS: custom is in CHAINS but has no contracts",
      ),
    ]);
  });

  it("takes its contracts from the deploy's contracts/deployments/custom.json when that is of its chain id", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "arcana-custom-"));
    const file = path.join(dir, "custom.json");
    const at = (address: string, deployBlock: number) => ({ address, deployBlock });
    writeFileSync(
      file,
      JSON.stringify({
        chainId: 777001,
        genesisHash: `0x${"ab".repeat(32)}`,
        contracts: { GenesisPass: at(PASS, 40), Daily: at(DAILY, 41), Forwarder: at(FORWARDER, 39) },
      }),
    );
    const env = { NODE_ENV: "test", CHAINS: "custom", CUSTOM_CHAIN_ID: "777001", CUSTOM_RPC_URL: rpc.url };
    const [chain] = loadConfig({ ...env, CUSTOM_DEPLOYMENT_FILE: file }).chains;
    expect(chain).toMatchObject({
      genesisPassAddress: PASS,
      dailyAddress: DAILY,
      forwarderAddress: FORWARDER,
      deployBlock: 40,
    });
    const [other] = loadConfig({ ...env, CUSTOM_CHAIN_ID: "777002", CUSTOM_DEPLOYMENT_FILE: file }).chains;
    expect(other).toMatchObject({ genesisPassAddress: null, dailyAddress: null });
  });

  it("is served: /api/config names it with its explorer and token, and its RPC is verified as up", async () => {
    const config = await apiClient(t.app).data(getConfigRoute, {});
    expect(config.default_chain_id).toBe(777001);
    expect(config.chains).toEqual([
      expect.objectContaining({
        id: 777001,
        key: "custom",
        name: "Arcana Chain",
        rpc_url: rpc.url,
        explorer_url: "https://explorer.arcana.example",
        native_currency: { name: "ARC", symbol: "ARC", decimals: 18 },
        contracts: { genesis_pass: PASS, daily: DAILY, forwarder: FORWARDER },
      }),
    ]);
    const [status] = await t.rpcHealth.check();
    expect(status).toMatchObject({ chain: "custom", up: true, servedChainId: 777001 });
    expect(((await (await t.app.request("/readyz")).json()) as { status: string }).status).toBe("ready");
  });
});
