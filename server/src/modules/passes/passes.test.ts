import { genesisPassAbi } from "@arcana/contracts";
import {
  claimAllRewardsRoute,
  claimPassRewardsRoute,
  type ErrorBody,
  getStakingRewardsRoute,
  listMyPassesRoute,
  signMintAuthorizationRoute,
  signUnstakeAuthorizationRoute,
} from "@arcana/protocol";
import type { Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../chain/clients.js";
import type { createIndexer } from "../../chain/indexer.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import type { startTestChain } from "../../test/chain.js";
import { createIndexedTestApp, hardhatAccounts, testIndexer, walletOn } from "../../test/contracts.js";
import { testEconomy } from "../../test/daily.js";
import { chainClientsFailingFirst } from "../../test/flaky-chain.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";

const economy = testEconomy({ tarot: { points: 10 } });
/** 100 points a day is one point every 864 s. */
const POINT_MS = 864_000;

let current = Date.now();
const clock = { now: () => new Date(current), set: (ms: number) => (current = ms) };

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
let chain: Awaited<ReturnType<typeof startTestChain>>;
let contracts: Awaited<ReturnType<typeof createIndexedTestApp>>["contracts"];
let t: Awaited<ReturnType<typeof createIndexedTestApp>>["t"];
let indexer: ReturnType<typeof createIndexer>;
const alice = hardhatAccounts[2] as PrivateKeyAccount;
const bob = hardhatAccounts[3] as PrivateKeyAccount;
let aliceMember: Awaited<ReturnType<typeof signUpMember>>;
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

function myPasses(auth: Record<string, string>) {
  return api.data(listMyPassesRoute, { auth });
}
function mintSignature(address: string, auth: Record<string, string>) {
  return api.call(signMintAuthorizationRoute, { body: { address }, auth });
}
function claimOne(tokenId: number, auth: Record<string, string>) {
  return api.call(claimPassRewardsRoute, { body: { token_id: tokenId }, auth });
}
function unstakeSignature(tokenId: number, auth: Record<string, string>) {
  return api.call(signUnstakeAuthorizationRoute, { body: { token_id: tokenId }, auth });
}

async function send(account: PrivateKeyAccount, hash: Promise<Hex>) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status, `transaction from ${account.address}`).toBe("success");
  return receipt;
}

async function mintFor(account: PrivateKeyAccount, auth: Record<string, string>) {
  const auth712 = await api.data(signMintAuthorizationRoute, { body: { address: account.address }, auth });
  await send(
    account,
    walletOn(chain, account).writeContract({
      address: contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [auth712.to, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
    }),
  );
  await indexer.syncAll();
}

beforeAll(async () => {
  indexed = await createIndexedTestApp({ economy, now: clock.now });
  ({ chain, contracts, t, indexer } = indexed);
  aliceMember = await signUpMember(t, "alice@example.com");
  await bindWalletDirectly(t.database.db, aliceMember.userId, alice.address);
}, 90_000);
afterAll(() => indexed?.dispose());

describe("minting a Genesis Pass", () => {
  it("refuses an address that is not the member's bound wallet, and a member without a wallet", async () => {
    const other = await mintSignature(bob.address, aliceMember.auth);
    expect(other.status).toBe(403);
    const walletless = await signUpMember(t, "walletless@example.com");
    const none = await mintSignature(bob.address, walletless.auth);
    expect(none.status).toBe(409);
    expect(await errorCode(none)).toBe("wallet_required");
    // Not an address by the schema: sent unchecked.
    const malformed = await api.unchecked(signMintAuthorizationRoute, {
      body: { address: "0x123" },
      auth: aliceMember.auth,
    });
    expect(malformed.status).toBe(400);
  });

  it("authorizes a mint the contract accepts, and the indexer shows the pass", async () => {
    await mintFor(alice, aliceMember.auth);
    const passes = await myPasses(aliceMember.auth);
    expect(passes).toEqual([{ token_id: 1, chain_id: 31337, stake_info: { staked: false, since: null } }]);
  });

  it("refuses a second authorization once the wallet holds a pass", async () => {
    const again = await mintSignature(alice.address, aliceMember.auth);
    expect(again.status).toBe(409);
  });
});

describe("staking rewards", () => {
  let stakedSince = 0;

  it("shows a staked pass with the block time it was staked at", async () => {
    const receipt = await send(
      alice,
      walletOn(chain, alice).writeContract({
        address: contracts.genesisPass,
        abi: genesisPassAbi,
        functionName: "stake",
        args: [1n],
      }),
    );
    await indexer.syncAll();
    const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    stakedSince = Number(block.timestamp) * 1000;
    const passes = await myPasses(aliceMember.auth);
    expect(passes[0]?.stake_info).toEqual({ staked: true, since: Number(block.timestamp) });
  });

  it("accrues by the second and counts down to the next point", async () => {
    clock.set(stakedSince + 2 * POINT_MS + 100_000);
    const rewards = await api.data(getStakingRewardsRoute, { auth: aliceMember.auth });
    expect(rewards.total_pending).toBe(2);
    expect(rewards.passes).toEqual([
      {
        token_id: 1,
        chain_id: 31337,
        pending: 2,
        rate_per_day: 100,
        since_last_claim: Math.floor((2 * POINT_MS + 100_000) / 1000),
      },
    ]);
    expect(rewards.next_point_in_ms).toBe(POINT_MS - 100_000);
  });

  it("claims once: a second claim finds nothing pending", async () => {
    const claim = { body: { token_id: 1 }, auth: aliceMember.auth };
    const first = await api.data(claimPassRewardsRoute, claim);
    expect(first).toEqual({ claimed: 2, pts: 2 });
    const second = await api.data(claimPassRewardsRoute, claim);
    expect(second).toEqual({ claimed: 0, pts: 2 });
  });

  it("never credits twice under 50 concurrent claims", async () => {
    clock.set(stakedSince + 10 * POINT_MS);
    const auth = aliceMember.auth;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? api.data(claimAllRewardsRoute, { auth })
          : api.data(claimPassRewardsRoute, { body: { token_id: 1 }, auth }),
      ),
    );
    const claimed = results.map((result) => result.claimed);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(8);
    expect(await balanceOf(t.database.db, aliceMember.userId)).toBe(10);
  });

  it("refuses to claim or unstake someone else's pass", async () => {
    const bobMember = await signUpMember(t, "bob@example.com");
    await bindWalletDirectly(t.database.db, bobMember.userId, bob.address);
    expect((await claimOne(1, bobMember.auth)).status).toBe(403);
    expect((await unstakeSignature(1, bobMember.auth)).status).toBe(403);
    expect((await claimOne(99, bobMember.auth)).status).toBe(404);
  });

  it("holds the unstake until the minimum stake time, then settles and authorizes it", async () => {
    const early = await unstakeSignature(1, aliceMember.auth);
    expect(early.status).toBe(409);
    const refusal = (await early.json()) as ErrorBody;
    expect(refusal.error.code).toBe("conflict");
    // The unlock time as a field, so a client never reads it out of the sentence.
    expect(refusal.error.unlocks_at).toBe(new Date(stakedSince + 86_400_000).toISOString().replace(".000Z", "Z"));

    clock.set(stakedSince + 86_400_000 + 5 * POINT_MS);
    const auth712 = await api.data(signUnstakeAuthorizationRoute, { body: { token_id: 1 }, auth: aliceMember.auth });
    expect(auth712.settled_points).toBe(105 - 10);
    expect(await balanceOf(t.database.db, aliceMember.userId)).toBe(105);

    // The chain's clock agrees with the server's: the unstake happens when it was authorized.
    await chain.client.setNextBlockTimestamp({ timestamp: BigInt(Math.ceil(clock.now().getTime() / 1000)) });
    await send(
      alice,
      walletOn(chain, alice).writeContract({
        address: contracts.genesisPass,
        abi: genesisPassAbi,
        functionName: "unstake",
        args: [1n, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
      }),
    );
    await indexer.syncAll();
    const passes = await myPasses(aliceMember.auth);
    expect(passes[0]?.stake_info).toEqual({ staked: false, since: null });
    const rewards = await api.data(getStakingRewardsRoute, { auth: aliceMember.auth });
    expect(rewards).toEqual({ passes: [], total_pending: 0, next_point_in_ms: null });
    // The Unstaked event settles up to its block time: everything was claimed already.
    expect(await balanceOf(t.database.db, aliceMember.userId)).toBe(105);
  });
});

describe("the indexer", () => {
  it("rolls back a pass minted in blocks that a reorg orphaned", async () => {
    const carol = hardhatAccounts[4] as PrivateKeyAccount;
    const carolMember = await signUpMember(t, "carol@example.com");
    await bindWalletDirectly(t.database.db, carolMember.userId, carol.address);
    const snapshot = await chain.client.snapshot();
    await mintFor(carol, carolMember.auth);
    expect(await myPasses(carolMember.auth)).toHaveLength(1);

    await chain.client.revert({ id: snapshot });
    await chain.client.mine({ blocks: 3 });
    await indexer.syncAll();
    expect(await myPasses(carolMember.auth)).toEqual([]);
  });

  it("keeps following through an RPC that fails for a while, without losing events", async () => {
    const dave = hardhatAccounts[5] as PrivateKeyAccount;
    const daveMember = await signUpMember(t, "dave@example.com");
    await bindWalletDirectly(t.database.db, daveMember.userId, dave.address);
    const auth712 = await api.data(signMintAuthorizationRoute, {
      body: { address: dave.address },
      auth: daveMember.auth,
    });
    await send(
      dave,
      walletOn(chain, dave).writeContract({
        address: contracts.genesisPass,
        abi: genesisPassAbi,
        functionName: "mint",
        args: [auth712.to, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
      }),
    );

    const flaky = chainClientsFailingFirst(createChainClients(t.config), 4);
    const following = testIndexer(t, { clients: flaky.clients, pollMs: 5, maxBackoffMs: 20 });
    following.start();
    try {
      await expect
        .poll(async () => (await myPasses(daveMember.auth)).length, {
          timeout: 15_000,
          interval: 50,
        })
        .toBe(1);
      expect(flaky.failuresLeft()).toBe(0);
    } finally {
      await following.stop();
    }
  });
});
