import type { Pass } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { chainReflects } from "./chain-sync";

const unstaked: Pass = { token_id: 1, chain_id: 31337, stake_info: { staked: false, since: null } };
const staked: Pass = { token_id: 1, chain_id: 31337, stake_info: { staked: true, since: 1_700_000_000 } };

describe("knowing when the chain has caught up with a transaction", () => {
  it("sees a minted pass once the server lists it on that chain", () => {
    expect(chainReflects([], { kind: "minted", chainId: 31337, tokenId: 1 })).toBe(false);
    expect(chainReflects([unstaked], { kind: "minted", chainId: 31337, tokenId: 1 })).toBe(true);
    expect(chainReflects([unstaked], { kind: "minted", chainId: 204, tokenId: 1 })).toBe(false);
    expect(chainReflects([unstaked], { kind: "minted", chainId: 31337, tokenId: null })).toBe(true);
  });

  it("sees a stake or unstake once the pass's state has flipped", () => {
    expect(chainReflects([unstaked], { kind: "staked", chainId: 31337, tokenId: 1 })).toBe(false);
    expect(chainReflects([staked], { kind: "staked", chainId: 31337, tokenId: 1 })).toBe(true);
    expect(chainReflects([staked], { kind: "unstaked", chainId: 31337, tokenId: 1 })).toBe(false);
    expect(chainReflects([unstaked], { kind: "unstaked", chainId: 31337, tokenId: 1 })).toBe(true);
  });
});
