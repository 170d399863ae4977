/** The EVM chains Arcana runs on. Ids are the chains' own; names are what members see. */
export const chainIds = {
  local: 31337,
  opBNB: 204,
  opBNBTestnet: 5611,
  zkFair: 42766,
} as const;

/** A chain Arcana knows by itself (its id, name and RPC come with the code). */
export type BuiltInChainKey = keyof typeof chainIds;
export type ArcanaChainId = (typeof chainIds)[BuiltInChainKey];
/**
 * `custom`: an operator's own EVM chain, described by CUSTOM_* variables (id, name, RPC, explorer, native token),
 * served beside or instead of the built-in ones.
 */
export type ChainKey = BuiltInChainKey | "custom";
export const chainKeys: [ChainKey, ...ChainKey[]] = ["custom", ...(Object.keys(chainIds) as BuiltInChainKey[])];

export const chainKeyById: Record<number, BuiltInChainKey | undefined> = Object.fromEntries(
  Object.entries(chainIds).map(([key, id]) => [id, key as BuiltInChainKey]),
);

/** The target network a member gets before choosing one (spec §9). */
export const defaultTargetChain: ChainKey = "opBNB";

/** Chain ids are stored as PostgreSQL `integer`s: anything larger is no chain Arcana runs on. */
export const MAX_CHAIN_ID = 2_147_483_647;
