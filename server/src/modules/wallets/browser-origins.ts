import type { Config } from "../../config.js";

/** Each Solana cluster's public RPC (clusterApiUrl), HTTP and its websocket twin for confirmations. */
const solanaRpcOrigins: Record<Config["solanaCluster"], string[]> = {
  "mainnet-beta": ["https://api.mainnet-beta.solana.com", "wss://api.mainnet-beta.solana.com"],
  testnet: ["https://api.testnet.solana.com", "wss://api.testnet.solana.com"],
  devnet: ["https://api.devnet.solana.com", "wss://api.devnet.solana.com"],
};

/** WalletConnect's relay and its supporting APIs, needed only when a project id is configured. */
const walletConnectOrigins = [
  "wss://relay.walletconnect.com",
  "wss://relay.walletconnect.org",
  "https://*.walletconnect.com",
  "https://*.walletconnect.org",
  "https://*.web3modal.org",
];

/** WalletConnect's verify API runs in an iframe the SDK adds to the page. */
const walletConnectFrames = ["https://verify.walletconnect.com", "https://verify.walletconnect.org"];

export interface WalletBrowserSources {
  /** For the CSP's connect-src: the Solana RPC, and WalletConnect when configured. */
  connect: string[];
  /** For the CSP's frame-src: WalletConnect's verify frame when configured. */
  frame: string[];
}

/** Origins the wallet stacks in the browser talk to or frame. */
export function walletBrowserSources(
  config: Pick<Config, "solanaCluster" | "walletConnectProjectId">,
): WalletBrowserSources {
  const walletConnect = config.walletConnectProjectId !== null;
  return {
    connect: [...solanaRpcOrigins[config.solanaCluster], ...(walletConnect ? walletConnectOrigins : [])],
    frame: walletConnect ? walletConnectFrames : [],
  };
}
