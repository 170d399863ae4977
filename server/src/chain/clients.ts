import { createPublicClient, http, type PublicClient } from "viem";
import type { ChainConfig, Config } from "../config.js";
import { viemChains } from "./chains.js";

/** One viem public client per configured chain, made on first use. */
export function createChainClients(config: Config) {
  const clients = new Map<number, PublicClient>();
  return {
    chain(chainId: number): ChainConfig | undefined {
      return config.chains.find((chain) => chain.id === chainId);
    },
    client(chainId: number): PublicClient {
      let client = clients.get(chainId);
      if (!client) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new Error(`chain ${chainId} is not configured`);
        client = createPublicClient({
          chain: { ...viemChains[chain.key], rpcUrls: { default: { http: [chain.rpcUrl] } } },
          transport: http(chain.rpcUrl, { retryCount: 2, timeout: 10_000 }),
          // The indexer asks for the head itself at its own pace; a cached head would lag a pass behind.
          cacheTime: 0,
        }) as PublicClient;
        clients.set(chainId, client);
      }
      return client;
    },
  };
}
export type ChainClients = ReturnType<typeof createChainClients>;
