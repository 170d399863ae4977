import { type ChainKey, chainIds } from "@arcana/protocol";
import type { Chain } from "viem";
import { hardhat, opBNB, opBNBTestnet, zkFair } from "viem/chains";

/** viem's definition of each chain Arcana knows; RPC URLs are overridden by config. */
export const viemChains: Record<ChainKey, Chain> = {
  local: { ...hardhat, name: "Local chain" },
  opBNB,
  opBNBTestnet,
  zkFair,
};

/** What members must know about paying gas on a chain. */
export const gasNotes: Partial<Record<ChainKey, string>> = {
  zkFair: "Gas on zkFair is paid in USDC.",
};

export function isChainKey(value: string): value is ChainKey {
  return Object.hasOwn(chainIds, value);
}
