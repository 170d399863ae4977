import { z } from "zod";
import { publicBrandingSchema } from "./branding.js";
import { chainKeys } from "./chains.js";
import { evmAddressSchema } from "./hex.js";

export const publicChainSchema = z.object({
  id: z.number().int(),
  key: z.enum(chainKeys),
  name: z.string(),
  /** The RPC URL the browser talks to. */
  rpc_url: z.string(),
  explorer_url: z.string().nullable(),
  native_currency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** Shown to members: zkFair pays gas in USDC. */
  gas_note: z.string().nullable(),
  /** Where a member gets the chain's gas token (its bridge), shown when a wallet has none; null if unknown. */
  bridge_url: z.string().nullable(),
  contracts: z.object({
    genesis_pass: evmAddressSchema.nullable(),
    daily: evmAddressSchema.nullable(),
    /** The ERC-2771 forwarder both contracts trust: sponsored calls are ForwardRequests signed for it. */
    forwarder: evmAddressSchema.nullable(),
  }),
});
export type PublicChain = z.infer<typeof publicChainSchema>;

/** `GET /api/config`: everything the browser needs to know about this deployment. */
export const publicConfigSchema = z.object({
  environment: z.enum(["development", "test", "production"]),
  default_chain_id: z.number().int(),
  chains: z.array(publicChainSchema),
  solana_cluster: z.enum(["mainnet-beta", "testnet", "devnet"]),
  walletconnect_project_id: z.string().nullable(),
  build_id: z.string(),
  /** The deployment's name and look (the operator's branding file; Arcana's own by default). */
  branding: publicBrandingSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
