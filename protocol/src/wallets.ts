import { z } from "zod";
import { userSchema } from "./accounts.js";
import { txHashSchema } from "./hex.js";

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

export const walletNonceSchema = z.object({
  nonce: z.string(),
  /** ISO time after which the nonce is refused. */
  expires_at: z.string(),
});
export type WalletNonce = z.infer<typeof walletNonceSchema>;

export const bindWalletRequestSchema = z.object({
  address: z.string().max(100),
  /** The EIP-4361 (Sign-In with Ethereum) message the wallet signed. */
  message: z.string().max(4000),
  /** 0x hex signature: 65 bytes for an ordinary wallet, longer for contract wallets (EIP-1271). */
  signature: z.string().max(20_000),
});

export const bindWalletResponseSchema = userSchema;

export const bindSolanaRequestSchema = z.object({
  address: z.string().max(100),
  /** The Sign-In-With-Solana message the wallet signed, as text. */
  message: z.string().max(4000),
  /** The 64-byte ed25519 signature, base64-encoded. */
  signature: z.string().max(200),
});

export const bindSolanaResponseSchema = z.object({ solana_address: z.string(), user: userSchema });
export type BindSolanaResponse = z.infer<typeof bindSolanaResponseSchema>;

export const devFaucetRequestSchema = z.object({ address: z.string().max(100) });
export const devFaucetResponseSchema = z.object({ tx_hash: txHashSchema, amount_wei: z.string() });
export type DevFaucetResponse = z.infer<typeof devFaucetResponseSchema>;
