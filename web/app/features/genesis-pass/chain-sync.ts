import type { Pass } from "@arcana/protocol";

/** How long the page waits for the indexer to report a mined transaction before saying so. */
export const chainSyncTimeoutMs = 30_000;
/** How often `my_nfts` is asked again meanwhile (the local chain is indexed within ~2 s). */
export const chainSyncPollMs = 1000;

/** A change a mined transaction made, which `GET /blockchain/my_nfts` should come to show. */
export interface ChainExpectation {
  kind: "minted" | "staked" | "unstaked";
  chainId: number;
  /** Unknown only for a mint whose receipt named no token. */
  tokenId: number | null;
}

/** Whether the member's passes, as the server lists them, already reflect the change. */
export function chainReflects(passes: Pass[], expected: ChainExpectation): boolean {
  const pass = passes.find(
    (candidate) =>
      candidate.chain_id === expected.chainId && (expected.tokenId === null || candidate.token_id === expected.tokenId),
  );
  if (!pass) return false;
  if (expected.kind === "minted") return true;
  return (pass.stake_info?.staked === true) === (expected.kind === "staked");
}

export function sameExpectation(a: ChainExpectation, b: ChainExpectation) {
  return a.kind === b.kind && a.chainId === b.chainId && a.tokenId === b.tokenId;
}
