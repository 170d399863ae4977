// `npm run chain:dev`: the local development chain. Serves Hardhat's in-process network over JSON-RPC on
// 127.0.0.1:$CHAIN_PORT (8545), deploys the ERC-2771 forwarder, GenesisPass and Daily with the DEV-ONLY keys, writes
// deployments/31337.json, prints "chain ready: <url>" and runs until SIGINT/SIGTERM.
// Run in this process (not `hardhat run`, which would put the chain in a child that outlives a SIGTERM):
//   node --require ts-node/register/transpile-only --require hardhat/register scripts/dev-chain.ts

import hre from "hardhat";
import { TASK_COMPILE, TASK_NODE_CREATE_SERVER } from "hardhat/builtin-tasks/task-names";
import type { JsonRpcServer } from "hardhat/types";
import { deployArcana, writeDeploymentRecord } from "./lib/deployment";
import { devAuthorizerAddress } from "./lib/dev-keys";

const hostname = "127.0.0.1";
const port = Number(process.env.CHAIN_PORT ?? 8545);
const baseURI = process.env.PASS_BASE_URI ?? "http://127.0.0.1:3000/api/nft/metadata/";

async function main() {
  if (hre.network.name !== "hardhat") throw new Error("chain:dev runs the in-process hardhat network; drop --network");
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`CHAIN_PORT must be a TCP port, got "${process.env.CHAIN_PORT}"`);

  await hre.run(TASK_COMPILE, { quiet: true });
  const server: JsonRpcServer = await hre.run(TASK_NODE_CREATE_SERVER, {
    hostname,
    port,
    provider: hre.network.provider,
  });
  const { address, port: boundPort } = await server.listen();
  const url = `http://${address}:${boundPort}`;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`chain: ${signal}, stopping`);
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // `npm run` puts a shell between npm and this process and a shell doesn't pass SIGTERM on:
  // stop when the parent goes away instead of lingering on the port.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop("parent exited");
  }, 500).unref();

  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error("the hardhat network has no accounts");
  const record = await deployArcana({
    publicClient,
    walletClient: deployer,
    authorizer: devAuthorizerAddress,
    baseURI,
  });
  // `npm start` and the e2e tests may run several local chains at once: each names its own directory.
  writeDeploymentRecord(record, process.env.LOCAL_DEPLOYMENTS_DIR || undefined);
  console.log(
    `chain: GenesisPass ${record.contracts.GenesisPass.address}, Daily ${record.contracts.Daily.address}, ` +
      `Forwarder ${record.contracts.Forwarder.address}, ` +
      `authorizer ${record.authorizer} (DEV-ONLY keys), deployment record written`,
  );
  console.log(`chain ready: ${url}`);
  await server.waitUntilClosed();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
