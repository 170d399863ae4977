import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, postJson } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: Awaited<ReturnType<typeof signUpMember>>;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAINS: "local", LOCAL_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}` } });
  member = await signUpMember(t, "walletless-staker@example.com");
});
afterAll(() => t.dispose());

async function errorOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { error: { code: string } }).error };
}

describe("finding 8: numbers larger than their columns are refused with 400, not 500", () => {
  it("refuses chain_id 3e9 on claim_one, unstake_signature and mint_signature", async () => {
    for (const [path, body] of [
      ["/api/nft/staking/claim_one", { token_id: 1, chain_id: 3e9 }],
      ["/api/blockchain/unstake_signature", { token_id: 1, chain_id: 3e9 }],
      ["/api/blockchain/mint_signature", { address: `0x${"c1".repeat(20)}`, chain_id: 3e9 }],
      ["/api/blockchain/check_in", { tx_hash: `0x${"ab".repeat(32)}`, chain_id: 3e9 }],
      ["/api/nft/staking/claim_one", { token_id: 2 ** 60 }],
    ] as const) {
      expect(await errorOf(await postJson(t.app, path, body, member.auth))).toMatchObject({
        status: 400,
        code: "bad_request",
      });
    }
  });
});

describe("a member without a wallet", () => {
  it("gets wallet_required (409) on claims and signatures, so the web can offer the bind", async () => {
    for (const [path, body] of [
      ["/api/nft/staking/claim_one", { token_id: 1 }],
      ["/api/blockchain/unstake_signature", { token_id: 1 }],
      ["/api/blockchain/mint_signature", { address: `0x${"c1".repeat(20)}` }],
    ] as const) {
      expect(await errorOf(await postJson(t.app, path, body, member.auth))).toMatchObject({
        status: 409,
        code: "wallet_required",
      });
    }
  });
});
