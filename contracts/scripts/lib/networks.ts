import type { HttpNetworkUserConfig } from "hardhat/types";
import { opBNB, opBNBTestnet, zkFair } from "viem/chains";

type Env = Record<string, string | undefined>;

/** `0x`-prefixed, as Hardhat and viem want it. */
export function normalizedKey(key: string): `0x${string}` {
  return (key.startsWith("0x") ? key : `0x${key}`) as `0x${string}`;
}

function deployerAccounts(env: Env): string[] {
  return env.DEPLOYER_PRIVATE_KEY ? [normalizedKey(env.DEPLOYER_PRIVATE_KEY)] : [];
}

function liveNetwork(
  chain: { id: number; rpcUrls: { default: { http: readonly string[] } } },
  rpcUrl: string | undefined,
  env: Env,
): HttpNetworkUserConfig {
  return { url: rpcUrl ?? chain.rpcUrls.default.http[0] ?? "", chainId: chain.id, accounts: deployerAccounts(env) };
}

/** CUSTOM_CHAIN_ID as a chain id, or undefined when it is missing or not a positive whole number. */
export function customChainId(env: Env): number | undefined {
  const id = Number(env.CUSTOM_CHAIN_ID);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The networks a deploy can target. DEPLOYER_PRIVATE_KEY is the only account of every HTTP network,
 * the local chain's included (without it, `localhost` uses the node's own unlocked accounts);
 * `custom` is any RPC (CUSTOM_RPC_URL) whose chain id must be CUSTOM_CHAIN_ID.
 */
export function httpNetworks(env: Env): Record<string, HttpNetworkUserConfig> {
  return {
    localhost: {
      url: `http://127.0.0.1:${env.CHAIN_PORT ?? "8545"}`,
      chainId: 31337,
      accounts: env.DEPLOYER_PRIVATE_KEY ? deployerAccounts(env) : "remote",
    },
    opBNB: liveNetwork(opBNB, env.OPBNB_RPC_URL, env),
    opBNBTestnet: liveNetwork(opBNBTestnet, env.OPBNB_TESTNET_RPC_URL, env),
    zkFair: liveNetwork(zkFair, env.ZKFAIR_RPC_URL, env),
    custom: {
      url: env.CUSTOM_RPC_URL ?? "http://127.0.0.1:8545",
      chainId: customChainId(env),
      accounts: deployerAccounts(env),
    },
  };
}
