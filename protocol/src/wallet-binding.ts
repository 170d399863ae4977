// What binding a wallet says and names, without zod: the browser's bundle imports these.

/** A binding nonce is single use and lives this long (PRODUCT.md "Wallets"). */
export const WALLET_NONCE_TTL_MS = 10 * 60 * 1000;

/** The sentence a member reads in their wallet before signing a binding message. */
export const walletBindingStatement = "Bind this wallet to your Arcana account.";

/** A Solana address is a base58 text of a 32-byte public key (32–44 characters). */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export type SolanaCluster = "mainnet-beta" | "testnet" | "devnet";

/** The wallet-standard chain a Sign-In-With-Solana message names for each cluster. */
export const solanaChainByCluster: Record<SolanaCluster, `solana:${string}`> = {
  "mainnet-beta": "solana:mainnet",
  testnet: "solana:testnet",
  devnet: "solana:devnet",
};
