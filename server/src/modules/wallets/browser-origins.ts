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

/** Origins the wallet stacks in the browser talk to, for the CSP's connect-src. */
export function walletConnectSources(config: Pick<Config, "solanaCluster" | "walletConnectProjectId">): string[] {
  return [...solanaRpcOrigins[config.solanaCluster], ...(config.walletConnectProjectId ? walletConnectOrigins : [])];
}
