import type { ChainClients } from "../chain/clients.js";

/**
 * The chain clients with an RPC that refuses its first `failures` block-number requests, as an
 * unreachable node would, then answers again: what the indexer must ride through.
 */
export function chainClientsFailingFirst(real: ChainClients, failures: number) {
  let failuresLeft = failures;
  const clients: ChainClients = {
    ...real,
    client(chainId: number) {
      const client = real.client(chainId);
      return new Proxy(client, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property !== "getBlockNumber" || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (failuresLeft > 0) {
              failuresLeft -= 1;
              return Promise.reject(new Error("RPC unavailable (test)"));
            }
            return value.apply(target, args);
          };
        },
      });
    },
  };
  return { clients, failuresLeft: () => failuresLeft };
}
