import { readFileSync } from "node:fs";
import path from "node:path";
import { dailyAbi, forwarderAbi, forwarderDomain, genesisPassAbi } from "@arcana/contracts";
import { devDeployerPrivateKey } from "@arcana/contracts/dev-keys";
import pino from "pino";
import { type Abi, createWalletClient, type Hex, http } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { createIndexer, type IndexerOptions } from "../chain/indexer.js";
import { repoRoot } from "../config.js";
import { createTestApp, type TestAppOptions } from "./app.js";
import { startTestChain } from "./chain.js";

/** Hardhat's public default accounts (known to everyone; funded only on a local chain). */
export const hardhatAccounts = [
  devDeployerPrivateKey,
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
].map((key) => privateKeyToAccount(key as Hex));

type TestChain = Awaited<ReturnType<typeof startTestChain>>;

export function walletOn(chain: TestChain, account: PrivateKeyAccount) {
  return createWalletClient({ account, chain: hardhat, transport: http(chain.url) });
}

const artifactSources = {
  GenesisPass: "src/GenesisPass.sol",
  Daily: "src/Daily.sol",
  ERC2771Forwarder: "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol",
} as const;

async function deploy(chain: TestChain, name: keyof typeof artifactSources, abi: Abi, args: unknown[]): Promise<Hex> {
  const artifact = path.join(repoRoot, "contracts/artifacts", artifactSources[name], `${name}.json`);
  const { bytecode } = JSON.parse(readFileSync(artifact, "utf8")) as { bytecode: Hex };
  const deployer = hardhatAccounts[0] as PrivateKeyAccount;
  const hash = await walletOn(chain, deployer).deployContract({ abi, bytecode, args });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
  return receipt.contractAddress;
}

/**
 * Deploys the ERC-2771 forwarder, then GenesisPass (authorizer: Hardhat account #1, the server's development
 * signer) and Daily trusting it, and returns the variables that point a test app at them.
 */
export async function deployArcana(chain: TestChain) {
  const owner = hardhatAccounts[0] as PrivateKeyAccount;
  const authorizer = hardhatAccounts[1] as PrivateKeyAccount;
  const forwarder = await deploy(chain, "ERC2771Forwarder", forwarderAbi, [forwarderDomain.name]);
  const genesisPass = await deploy(chain, "GenesisPass", genesisPassAbi, [
    owner.address,
    authorizer.address,
    "http://localhost/api/nft/metadata/",
    forwarder,
  ]);
  const daily = await deploy(chain, "Daily", dailyAbi, [forwarder]);
  return {
    genesisPass,
    daily,
    forwarder,
    env: {
      CHAINS: "local",
      LOCAL_RPC_URL: chain.url,
      LOCAL_GENESIS_PASS_ADDRESS: genesisPass,
      LOCAL_DAILY_ADDRESS: daily,
      LOCAL_FORWARDER_ADDRESS: forwarder,
      LOCAL_DEPLOY_BLOCK: "0",
    },
  };
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An indexer over a test app's database, chains and event handlers (silent), `options` overriding any of them. */
export function testIndexer(t: TestApp, options: Partial<IndexerOptions> = {}) {
  return createIndexer({
    db: t.database.db,
    clients: t.chainClients,
    chains: t.config.chains,
    handlers: t.eventHandlers,
    logger: pino({ level: "silent" }),
    ...options,
  });
}

/** A local chain with the contracts, an app pointed at it, and an indexer to sync by hand. */
export async function createIndexedTestApp(options: Omit<TestAppOptions, "env"> = {}) {
  const chain = await startTestChain();
  const contracts = await deployArcana(chain);
  const t = await createTestApp({ ...options, env: contracts.env });
  const indexer = testIndexer(t);
  return {
    chain,
    contracts,
    t,
    indexer,
    dispose: async () => {
      await t.dispose();
      await chain.stop();
    },
  };
}
