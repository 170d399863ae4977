import type { PublicChain, PublicConfig } from "@arcana/protocol";
import { type Chain, defineChain } from "viem";
import { type Config, type CreateConnectorFn, cookieStorage, createConfig, createStorage, http, injected } from "wagmi";
import { coinbaseWallet, walletConnect } from "wagmi/connectors";

/** A viem chain from the server's public config: its RPC is the one the browser may reach. */
export function toViemChain(chain: PublicChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.native_currency,
    rpcUrls: { default: { http: [chain.rpc_url] } },
    ...(chain.explorer_url
      ? { blockExplorers: { default: { name: `${chain.name} explorer`, url: chain.explorer_url } } }
      : {}),
    testnet: chain.key !== "opBNB" && chain.key !== "zkFair",
  });
}

/** The burner wallet exists in development only, and only with the local chain configured. */
export function burnerAllowed(config: PublicConfig): boolean {
  return config.environment !== "production" && config.chains.some((chain) => chain.key === "local");
}

/**
 * wagmi for Arcana's chains: the injected wallet (and every EIP-6963 wallet it announces),
 * Coinbase Wallet (which shows the member `appName`: the operator's site name), WalletConnect when a
 * project id is configured, the burner in development.
 * State lives in a cookie so server rendering knows a returning member's wallet.
 */
export async function createEvmConfig(config: PublicConfig, appName: string): Promise<Config> {
  const chains = config.chains.map(toViemChain);
  const [first, ...rest] = chains;
  if (!first) throw new Error("No EVM chain is configured.");
  // Each connector types its own provider; wagmi takes them as a plain list.
  const connectors: CreateConnectorFn[] = [
    injected() as CreateConnectorFn,
    coinbaseWallet({ appName }) as CreateConnectorFn,
  ];
  if (config.walletconnect_project_id) {
    connectors.push(
      walletConnect({ projectId: config.walletconnect_project_id, showQrModal: true }) as CreateConnectorFn,
    );
  }
  const local = chains.find((chain) => config.chains.find((c) => c.id === chain.id)?.key === "local");
  if (burnerAllowed(config) && local) {
    const { burnerWallet } = await import("./burner-connector");
    connectors.push(burnerWallet(local) as CreateConnectorFn);
  }
  return createConfig({
    chains: [first, ...rest],
    connectors,
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
  });
}
