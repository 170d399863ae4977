/** The EVM chains Arcana runs on. Ids are the chains' own; names are what members see. */
export const chainIds = {
  local: 31337,
  opBNB: 204,
  opBNBTestnet: 5611,
  zkFair: 42766,
} as const;

export type ChainKey = keyof typeof chainIds;
export type ArcanaChainId = (typeof chainIds)[ChainKey];

export const chainKeyById: Record<number, ChainKey | undefined> = Object.fromEntries(
  Object.entries(chainIds).map(([key, id]) => [id, key as ChainKey]),
);

/** The target network a member gets before choosing one (spec §9). */
export const defaultTargetChain: ChainKey = "opBNB";

/** Chain ids are stored as PostgreSQL `integer`s: anything larger is no chain Arcana runs on. */
export const MAX_CHAIN_ID = 2_147_483_647;
