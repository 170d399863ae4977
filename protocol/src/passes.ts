import { z } from "zod";
import { MAX_CHAIN_ID } from "./chains.js";
import { evmAddressSchema, hexSchema } from "./hex.js";

const chainIdField = z.coerce.number().int().positive().max(MAX_CHAIN_ID, "no such chain").optional();
/** Token ids are stored as PostgreSQL `bigint`s read into JavaScript numbers. */
const tokenIdField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER, "no such Genesis Pass");

export const whitelistSchema = z.object({ isInWhitelist: z.boolean() });

export const mintSignatureRequestSchema = z.object({
  address: z.string().pipe(evmAddressSchema),
  chain_id: chainIdField,
});

/** An EIP-712 MintAuthorization for GenesisPass.mint(to, nonce, deadline, signature). */
export const mintSignatureSchema = z.object({
  to: evmAddressSchema,
  nonce: z.string(),
  deadline: z.number().int(),
  signature: hexSchema,
  chain_id: z.number().int(),
  contract: evmAddressSchema,
});
export type MintSignature = z.infer<typeof mintSignatureSchema>;

export const unstakeSignatureRequestSchema = z.object({
  token_id: tokenIdField,
  chain_id: chainIdField,
});

/** An EIP-712 UnstakeAuthorization for GenesisPass.unstake(tokenId, nonce, deadline, signature). */
export const unstakeSignatureSchema = z.object({
  token_id: z.number().int(),
  nonce: z.string(),
  deadline: z.number().int(),
  signature: hexSchema,
  chain_id: z.number().int(),
  contract: evmAddressSchema,
  /** Points moved into the ledger before authorizing. */
  settled_points: z.number().int(),
});
export type UnstakeSignature = z.infer<typeof unstakeSignatureSchema>;

export const passMetadataParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** ERC-721 metadata of a pass, as wallets and marketplaces read it. */
export const passMetadataSchema = z.object({ name: z.string(), description: z.string(), image: z.string() });

export const stakeInfoSchema = z.object({ staked: z.boolean(), since: z.number().int().nullable() });

/** One pass in `GET /blockchain/my_nfts`; `since` is seconds since the epoch. */
export const passSchema = z.object({
  token_id: z.number().int(),
  chain_id: z.number().int(),
  stake_info: stakeInfoSchema.nullable(),
});
export type Pass = z.infer<typeof passSchema>;

export const passRewardSchema = z.object({
  token_id: z.number().int(),
  chain_id: z.number().int(),
  pending: z.number().int(),
  rate_per_day: z.number().int(),
  /** Seconds accrued since the stake began or the last claim. */
  since_last_claim: z.number().int(),
});

export const stakingRewardsSchema = z.object({
  passes: z.array(passRewardSchema),
  total_pending: z.number().int(),
  /** Milliseconds until the next whole point; null with nothing staked. */
  next_point_in_ms: z.number().int().nullable(),
});
export type StakingRewards = z.infer<typeof stakingRewardsSchema>;

export const claimOneRequestSchema = z.object({
  token_id: tokenIdField,
  chain_id: chainIdField,
});

export const claimResultSchema = z.object({ claimed: z.number().int(), pts: z.number().int() });
export type ClaimResult = z.infer<typeof claimResultSchema>;

/**
 * The spec's client rule: one row per token id, the staked entry preferred (spec §7).
 */
export function dedupePasses(passes: Pass[]): Pass[] {
  const byToken = new Map<number, Pass>();
  for (const pass of passes) {
    const seen = byToken.get(pass.token_id);
    if (!seen || (!seen.stake_info?.staked && pass.stake_info?.staked)) byToken.set(pass.token_id, pass);
  }
  return [...byToken.values()];
}
