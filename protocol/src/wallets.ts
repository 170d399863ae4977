import { z } from "zod";
import { userSchema } from "./accounts.js";
import { txHashSchema } from "./hex.js";

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
