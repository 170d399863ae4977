// Deploys the ERC-2771 forwarder, GenesisPass and Daily (trusting it) to `--network <name>`, writes deployments/<chainId>.json and
// regenerates generated/index.ts. Env: DEPLOYER_PRIVATE_KEY (the deploying account on every network but the in-process
// one; a deploy that would send from another account refuses), CUSTOM_RPC_URL + CUSTOM_CHAIN_ID (`--network custom`),
// AUTHORIZER_ADDRESS (required on live networks; the dev authorizer on the local chain), PASS_BASE_URI, PASS_OWNER.
import hre from "hardhat";
import type { HttpNetworkConfig } from "hardhat/types";
import { type Address, getAddress } from "viem";
import { customNetworkProblems, deployTargetProblems, rpcChainId } from "./lib/deploy-preflight";
import { deployArcana, writeDeploymentRecord } from "./lib/deployment";
import { devAuthorizerAddress, localChainId } from "./lib/dev-keys";
import { generateExport } from "./lib/generate-export";

const localBaseURI = "http://127.0.0.1:3000/api/nft/metadata/";
/** The chain ids the server knows (protocol's chainIds); a deploy elsewhere is only useful to test the contracts. */
const serverChainIds = [31337, 204, 5611, 42766];

function addressFromEnv(name: string): Address | undefined {
  const value = process.env[name];
  return value ? getAddress(value) : undefined;
}

function refuse(problems: string[]): never {
  throw new Error(`deploy refused:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
}

async function main() {
  const network = hre.network.name;
  const customProblems = customNetworkProblems(network, process.env);
  if (customProblems.length > 0) refuse(customProblems);
  const config = hre.network.config;
  const answeredChainId = "url" in config ? await rpcChainId((config as HttpNetworkConfig).url) : localChainId;

  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error(`no deployer account on network "${network}": set DEPLOYER_PRIVATE_KEY`);
  const problems = deployTargetProblems({
    network,
    configuredChainId: config.chainId,
    rpcChainId: answeredChainId,
    deployer: deployer.account.address,
    env: process.env,
  });
  if (problems.length > 0) refuse(problems);
  const chainId = answeredChainId;
  const isLocal = chainId === localChainId;
  if (!serverChainIds.includes(chainId)) {
    console.warn(`note: the server knows chains ${serverChainIds.join(", ")}; chain ${chainId} is not one of them`);
  }

  const authorizer = addressFromEnv("AUTHORIZER_ADDRESS") ?? (isLocal ? devAuthorizerAddress : undefined);
  if (!authorizer) throw new Error("AUTHORIZER_ADDRESS is required on a live network (the server's signer address)");
  const baseURI = process.env.PASS_BASE_URI ?? (isLocal ? localBaseURI : undefined);
  if (baseURI === undefined)
    throw new Error("PASS_BASE_URI is required on a live network (e.g. https://arcana.example/api/nft/metadata/)");

  console.log(`deploying to ${network} (chain ${chainId}) from ${deployer.account.address}`);
  const record = await deployArcana({
    publicClient,
    walletClient: deployer,
    authorizer,
    owner: addressFromEnv("PASS_OWNER"),
    baseURI,
    log: console.log,
  });
  if (network === "custom") {
    // The operator's own chain: its own file, read by the server at start (CHAINS=custom), never a chain id's
    // file (a custom chain may be 31337 too, whose file the dev chain rewrites) nor the built-in export.
    console.log(`wrote ${writeDeploymentRecord(record, undefined, "custom.json")}`);
    const block = Math.min(record.contracts.GenesisPass.deployBlock, record.contracts.Daily.deployBlock);
    console.log(
      [
        "Serve it with these lines in the server's .env (no rebuild needed; build/production reads them too):",
        "CHAINS=custom",
        `CUSTOM_CHAIN_ID=${chainId}`,
        `CUSTOM_RPC_URL=${process.env.CUSTOM_RPC_URL ?? ""}`,
        `CUSTOM_GENESIS_PASS_ADDRESS=${record.contracts.GenesisPass.address}`,
        `CUSTOM_DAILY_ADDRESS=${record.contracts.Daily.address}`,
        `CUSTOM_FORWARDER_ADDRESS=${record.contracts.Forwarder.address}`,
        `CUSTOM_DEPLOY_BLOCK=${block}`,
      ].join("\n"),
    );
    return;
  }
  console.log(`wrote ${writeDeploymentRecord(record)}`);
  const listed = generateExport();
  console.log(`generated/index.ts lists chains: ${listed.length ? listed.join(", ") : "none"}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && error.message.startsWith("deploy refused") ? error.message : error);
  process.exitCode = 1;
});
