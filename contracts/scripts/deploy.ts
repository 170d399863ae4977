// Deploys the ERC-2771 forwarder, GenesisPass and Daily (trusting it) to `--network <name>`, writes deployments/<chainId>.json and
// regenerates generated/index.ts. Env: DEPLOYER_PRIVATE_KEY (live networks), AUTHORIZER_ADDRESS
// (required on live networks; the dev authorizer on the local chain), PASS_BASE_URI, PASS_OWNER.
import hre from "hardhat";
import { type Address, getAddress } from "viem";
import { deployArcana, writeDeploymentRecord } from "./lib/deployment";
import { devAuthorizerAddress, localChainId } from "./lib/dev-keys";
import { generateExport } from "./lib/generate-export";

const localBaseURI = "http://127.0.0.1:3000/api/nft/metadata/";

function addressFromEnv(name: string): Address | undefined {
  const value = process.env[name];
  return value ? getAddress(value) : undefined;
}

async function main() {
  const publicClient = await hre.viem.getPublicClient();
  const [deployer] = await hre.viem.getWalletClients();
  if (!deployer) throw new Error(`no deployer account on network "${hre.network.name}": set DEPLOYER_PRIVATE_KEY`);
  const chainId = await publicClient.getChainId();
  const isLocal = chainId === localChainId;

  const authorizer = addressFromEnv("AUTHORIZER_ADDRESS") ?? (isLocal ? devAuthorizerAddress : undefined);
  if (!authorizer) throw new Error("AUTHORIZER_ADDRESS is required on a live network (the server's signer address)");
  const baseURI = process.env.PASS_BASE_URI ?? (isLocal ? localBaseURI : undefined);
  if (baseURI === undefined)
    throw new Error("PASS_BASE_URI is required on a live network (e.g. https://arcana.example/api/nft/metadata/)");

  console.log(`deploying to ${hre.network.name} (chain ${chainId}) from ${deployer.account.address}`);
  const record = await deployArcana({
    publicClient,
    walletClient: deployer,
    authorizer,
    owner: addressFromEnv("PASS_OWNER"),
    baseURI,
    log: console.log,
  });
  console.log(`wrote ${writeDeploymentRecord(record)}`);
  const listed = generateExport();
  console.log(`generated/index.ts lists chains: ${listed.length ? listed.join(", ") : "none"}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
