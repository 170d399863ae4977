import type { Pass } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { type MintInputs, mintStep } from "./mint-eligibility";

const bound = "0x1111111111111111111111111111111111111111";
const other = "0x2222222222222222222222222222222222222222";
const local = {
  id: 31337,
  name: "Local chain",
  contracts: { genesis_pass: `0x${"a".repeat(40)}` as const, daily: null, forwarder: null },
};
const opBNB = { id: 204, name: "opBNB", contracts: { genesis_pass: null, daily: null, forwarder: null } };

function inputs(overrides: Partial<MintInputs> = {}): MintInputs {
  return {
    member: { wallet_address: bound },
    allowlisted: true,
    passes: [],
    failed: false,
    target: local,
    chains: [local, opBNB],
    wallet: { status: "connected", address: bound, chainId: 31337 },
    ...overrides,
  };
}

const pass = (chainId: number, tokenId = 7): Pass => ({ token_id: tokenId, chain_id: chainId, stake_info: null });

describe("which call to action the mint card shows", () => {
  it("asks a visitor to sign in, whatever else is known", () => {
    expect(mintStep(inputs({ member: null, allowlisted: undefined, passes: undefined }))).toEqual({ kind: "visitor" });
  });

  it("asks a member without a bound wallet to bind one before anything else", () => {
    expect(mintStep(inputs({ member: { wallet_address: null }, allowlisted: undefined }))).toEqual({
      kind: "bind-wallet",
    });
  });

  it("waits for the allowlist and the passes, and offers a retry when either failed", () => {
    expect(mintStep(inputs({ allowlisted: undefined })).kind).toBe("checking");
    expect(mintStep(inputs({ passes: undefined })).kind).toBe("checking");
    expect(mintStep(inputs({ failed: true, allowlisted: undefined })).kind).toBe("check-failed");
  });

  it("says the member already holds a pass on the target network, even if no longer allowlisted", () => {
    expect(mintStep(inputs({ passes: [pass(31337, 3)], allowlisted: false }))).toEqual({ kind: "minted", tokenId: 3 });
  });

  it("still offers a mint when the member's pass is on another network", () => {
    expect(mintStep(inputs({ passes: [pass(204)] })).kind).toBe("can-mint");
  });

  it("tells a member who is not on the allowlist so, instead of a Mint button", () => {
    expect(mintStep(inputs({ allowlisted: false }))).toEqual({ kind: "not-allowlisted" });
  });

  it("names a target network where the pass is not deployed", () => {
    expect(mintStep(inputs({ target: opBNB }))).toEqual({ kind: "not-deployed", chainName: "opBNB" });
  });

  it("asks to connect the wallet, showing progress while it reconnects", () => {
    expect(mintStep(inputs({ wallet: { status: "disconnected", address: null, chainId: null } }))).toEqual({
      kind: "connect-wallet",
      connecting: false,
    });
    expect(mintStep(inputs({ wallet: { status: "reconnecting", address: bound, chainId: 31337 } }))).toEqual({
      kind: "connect-wallet",
      connecting: true,
    });
  });

  it("refuses to mint from a connected account that is not the bound wallet", () => {
    expect(mintStep(inputs({ wallet: { status: "connected", address: other, chainId: 31337 } }))).toEqual({
      kind: "wrong-account",
      connected: other,
      bound,
    });
  });

  it("compares addresses without regard to checksum case", () => {
    const upper: `0x${string}` = `0x${bound.slice(2).toUpperCase()}`;
    expect(mintStep(inputs({ wallet: { status: "connected", address: upper, chainId: 31337 } })).kind).toBe("can-mint");
  });

  it("offers the mint, naming both networks when the wallet is on the wrong one", () => {
    expect(mintStep(inputs())).toEqual({ kind: "can-mint", mismatch: null });
    expect(mintStep(inputs({ wallet: { status: "connected", address: bound, chainId: 204 } }))).toEqual({
      kind: "can-mint",
      mismatch: { expected: "Local chain", received: "opBNB" },
    });
    expect(mintStep(inputs({ wallet: { status: "connected", address: bound, chainId: 1 } }))).toEqual({
      kind: "can-mint",
      mismatch: { expected: "Local chain", received: "chain 1" },
    });
  });
});
