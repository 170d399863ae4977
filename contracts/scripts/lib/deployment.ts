import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { type ArcanaContractName, readCompiledContract } from "./artifacts";
import { deploymentsDir } from "./paths";

export interface ContractDeployment {
  address: Address;
  deployBlock: number;
}

/** The shape of deployments/<chainId>.json. */
export interface DeploymentRecord {
  chainId: number;
  /** Hash of block 0: tells a restarted (reset) local chain apart from the one a database indexed. */
  genesisHash: Hex;
  contracts: { GenesisPass: ContractDeployment; Daily: ContractDeployment; Forwarder: ContractDeployment };
  authorizer: Address;
}

export interface DeployOptions {
  publicClient: PublicClient;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** The server's signing address for mint and unstake authorizations. */
  authorizer: Address;
  /** The GenesisPass admin (defaults to the deployer). */
  owner?: Address;
  /** tokenURI = baseURI + tokenId. */
  baseURI: string;
  log?: (line: string) => void;
}

async function deployOne(
  options: DeployOptions,
  name: ArcanaContractName,
  args: readonly unknown[],
): Promise<ContractDeployment> {
  const { abi, bytecode } = readCompiledContract(name);
  const hash = await options.walletClient.deployContract({
    abi,
    bytecode,
    args,
    account: options.walletClient.account,
    chain: options.walletClient.chain,
  });
  const receipt = await options.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`${name} deployment failed (tx ${hash})`);
  }
  options.log?.(`${name} deployed at ${receipt.contractAddress} (block ${receipt.blockNumber})`);
  return { address: getAddress(receipt.contractAddress), deployBlock: Number(receipt.blockNumber) };
}

/** The forwarder's EIP-712 domain name (version "1"): members sign ForwardRequests for it. */
export const forwarderName = "Arcana Forwarder";

/**
 * Deploys OpenZeppelin's ERC2771Forwarder, then GenesisPass and Daily trusting it, and returns the
 * deployment record (not yet written). The trust is fixed at construction (ERC2771Context), so a
 * new forwarder means new contracts.
 */
export async function deployArcana(options: DeployOptions): Promise<DeploymentRecord> {
  const owner = options.owner ?? options.walletClient.account.address;
  const [chainId, genesis] = await Promise.all([
    options.publicClient.getChainId(),
    options.publicClient.getBlock({ blockNumber: 0n }),
  ]);
  const forwarder = await deployOne(options, "ERC2771Forwarder", [forwarderName]);
  const genesisPass = await deployOne(options, "GenesisPass", [
    owner,
    options.authorizer,
    options.baseURI,
    forwarder.address,
  ]);
  const daily = await deployOne(options, "Daily", [forwarder.address]);
  return {
    chainId,
    genesisHash: genesis.hash,
    contracts: { GenesisPass: genesisPass, Daily: daily, Forwarder: forwarder },
    authorizer: options.authorizer,
  };
}

/** Writes deployments/<chainId>.json (or `name`) and returns its path. */
export function writeDeploymentRecord(
  record: DeploymentRecord,
  dir = deploymentsDir,
  name = `${record.chainId}.json`,
): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
