import {
  claimPassRewardsRoute,
  creditCheckInRoute,
  signMintAuthorizationRoute,
  signUnstakeAuthorizationRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { signUpMember } from "../../test/members.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let member: Awaited<ReturnType<typeof signUpMember>>;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAINS: "local", LOCAL_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}` } });
  member = await signUpMember(t, "walletless-staker@example.com");
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

async function errorOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { error: { code: string } }).error };
}

describe("finding 8: numbers larger than their columns are refused with 400, not 500", () => {
  it("refuses chain_id 3e9 on claim_one, unstake_signature and mint_signature", async () => {
    // Numbers the schemas refuse: sent unchecked.
    for (const [route, body] of [
      [claimPassRewardsRoute, { token_id: 1, chain_id: 3e9 }],
      [signUnstakeAuthorizationRoute, { token_id: 1, chain_id: 3e9 }],
      [signMintAuthorizationRoute, { address: `0x${"c1".repeat(20)}`, chain_id: 3e9 }],
      [creditCheckInRoute, { tx_hash: `0x${"ab".repeat(32)}`, chain_id: 3e9 }],
      [claimPassRewardsRoute, { token_id: 2 ** 60 }],
    ] as const) {
      expect(await errorOf(await api.unchecked(route, { body, auth: member.auth }))).toMatchObject({
        status: 400,
        code: "bad_request",
      });
    }
  });
});

describe("a member without a wallet", () => {
  it("gets wallet_required (409) on claims and signatures, so the web can offer the bind", async () => {
    const auth = member.auth;
    for (const res of [
      await api.call(claimPassRewardsRoute, { body: { token_id: 1 }, auth }),
      await api.call(signUnstakeAuthorizationRoute, { body: { token_id: 1 }, auth }),
      await api.call(signMintAuthorizationRoute, { body: { address: `0x${"c1".repeat(20)}` }, auth }),
    ]) {
      expect(await errorOf(res)).toMatchObject({
        status: 409,
        code: "wallet_required",
      });
    }
  });
});
