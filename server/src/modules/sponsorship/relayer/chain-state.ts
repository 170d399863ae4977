import { forwarderAbi } from "@arcana/contracts";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainClients } from "../../../chain/clients.js";
import type { ChainConfig, Config } from "../../../config.js";
import type { SponsorshipSettings } from "../../../economy.js";
import { DependencyUnavailableError } from "../../../shared/errors.js";
import type { Fees } from "../rules.js";

/** How long a relayer balance or fee estimate read from the chain is reused. */
const CACHE_MS = 3_000;

export interface SponsoredChain {
  chain: ChainConfig;
  forwarder: Hex;
  relayer: ReturnType<typeof privateKeyToAccount>;
  settings: NonNullable<SponsorshipSettings["chains"][keyof SponsorshipSettings["chains"]]>;
}

/**
 * The chains sponsorship runs on (a forwarder, a relayer key and a budget in the economy file), and
 * what the API and the relayer read about them from the chain, briefly cached.
 */
export function createSponsoredChains(config: Config, settings: SponsorshipSettings, chainClients: ChainClients) {
  const sponsored = new Map<number, SponsoredChain>();
  if (settings.actions.length > 0) {
    for (const chain of config.chains) {
      const budget = settings.chains[chain.key];
      if (!budget || !chain.forwarderAddress || !chain.relayerPrivateKey) continue;
      sponsored.set(chain.id, {
        chain,
        forwarder: chain.forwarderAddress,
        relayer: privateKeyToAccount(chain.relayerPrivateKey),
        settings: budget,
      });
    }
  }
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
    const value = read().catch((error: unknown) => {
      cache.delete(key);
      throw new DependencyUnavailableError("rpc", { cause: error });
    });
    cache.set(key, { at: Date.now(), value });
    return value;
  }
  return {
    get: (chainId: number) => sponsored.get(chainId),
    all: () => [...sponsored.values()],
    /** The relayer's balance in wei. */
    balance(chainId: number): Promise<bigint> {
      const target = sponsored.get(chainId);
      if (!target) return Promise.resolve(0n);
      return cached(`balance:${chainId}`, () =>
        chainClients.client(chainId).getBalance({ address: target.relayer.address }),
      );
    },
    /** What the chain asks per gas now (EIP-1559). */
    fees(chainId: number): Promise<Fees> {
      return cached(`fees:${chainId}`, async () => {
        const fees = await chainClients.client(chainId).estimateFeesPerGas();
        return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
      });
    },
    /** The forwarder nonce `wallet`'s next request must carry. */
    async forwarderNonce(chainId: number, wallet: Hex): Promise<bigint> {
      const target = sponsored.get(chainId);
      if (!target) return 0n;
      try {
        return await chainClients
          .batched(chainId)
          .readContract({ address: target.forwarder, abi: forwarderAbi, functionName: "nonces", args: [wallet] });
      } catch (error) {
        throw new DependencyUnavailableError("rpc", { cause: error });
      }
    },
    /** Forgets a cached balance (after the relayer spent or was funded). */
    forgetBalance(chainId: number) {
      cache.delete(`balance:${chainId}`);
    },
  };
}
export type SponsoredChains = ReturnType<typeof createSponsoredChains>;
