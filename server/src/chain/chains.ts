import { type BuiltInChainKey, type ChainKey, chainIds } from "@arcana/protocol";
import type { Chain } from "viem";
import { hardhat, opBNB, opBNBTestnet, zkFair } from "viem/chains";

/** viem's definition of each chain Arcana knows; RPC URLs are overridden by config (`custom` is all config). */
export const viemChains: Record<BuiltInChainKey, Chain> = {
  local: { ...hardhat, name: "Local chain" },
  opBNB,
  opBNBTestnet,
  zkFair,
};

/** What members must know about paying gas on a chain. */
export const gasNotes: Partial<Record<ChainKey, string>> = {
  zkFair: "Gas on zkFair is paid in USDC.",
};

/** Where members get each chain's gas token (the official bridges); `<CHAIN>_BRIDGE_URL` overrides. */
export const bridgeUrls: Partial<Record<ChainKey, string>> = {
  opBNB: "https://opbnb-bridge.bnbchain.org/deposit",
  opBNBTestnet: "https://opbnb-testnet-bridge.bnbchain.org/deposit",
  zkFair: "https://wallet.zkfair.io/",
};

export function isChainKey(value: string): value is ChainKey {
  return value === "custom" || Object.hasOwn(chainIds, value);
}

/** A configured chain as viem knows it: its id, name, native token and explorer, with the server's RPC. */
export function viemChainOf(chain: {
  id: number;
  name: string;
  rpcUrl: string;
  explorerUrl: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number };
}): Chain {
  return {
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.explorerUrl ? { blockExplorers: { default: { name: chain.name, url: chain.explorerUrl } } } : {}),
  };
}
