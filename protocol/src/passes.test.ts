import { describe, expect, it } from "vitest";
import { dedupePasses, type Pass } from "./passes.js";

describe("the passes GET /blockchain/my_nfts lists", () => {
  it("holds one entry per token id, preferring the staked one (spec §7)", () => {
    const passes: Pass[] = [
      { token_id: 5, chain_id: 31337, stake_info: { staked: false, since: null } },
      { token_id: 5, chain_id: 42766, stake_info: { staked: true, since: 1_700_000_000 } },
      { token_id: 5, chain_id: 31337, stake_info: null },
      { token_id: 6, chain_id: 31337, stake_info: null },
    ];
    expect(dedupePasses(passes)).toEqual([
      { token_id: 5, chain_id: 42766, stake_info: { staked: true, since: 1_700_000_000 } },
      { token_id: 6, chain_id: 31337, stake_info: null },
    ]);
  });
});
