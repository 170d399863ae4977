import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import {
  claimPassRewardsRoute,
  creditCheckInRoute,
  getCheckInStatusRoute,
  getTarotDrawRoute,
  signMintAuthorizationRoute,
  signUnstakeAuthorizationRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { type Hex, parseEther } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkIns, ledgerEntries, passes, users } from "../db/schema.js";
import { recentMovements, spendPoints } from "../modules/ledger/api.js";
import { unbindWalletOf } from "../test/admin.js";
import { apiClient } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { createIndexedTestApp, hardhatAccounts, testIndexer, walletOn } from "../test/contracts.js";
import { testEconomy } from "../test/daily.js";
import { balanceOf, bindWalletDirectly, createMemberRow, signUpMember } from "../test/members.js";

// Issue 13, findings 3, 4 and 6: credits that come from the chain count once, for the member who
// held the wallet when the event happened, and are taken back when the chain drops or ends them.

const economy = testEconomy();
const DAY_MS = 86_400_000;

let current = Date.now();
const clock = { now: () => new Date(current), advance: (ms: number) => (current += ms) };

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
const chain = () => indexed.chain;
const t = () => indexed.t;
const api = apiClient({ request: (path, init) => t().app.request(path, init) });

/** A fresh wallet with some local ETH (each Daily check-in is once per wallet per day). */
async function fundedWallet(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const funder = hardhatAccounts[0] as PrivateKeyAccount;
  const hash = await walletOn(chain(), funder).sendTransaction({ to: account.address, value: parseEther("1") });
  await chain().client.waitForTransactionReceipt({ hash });
  return account;
}

async function mined(hash: Promise<Hex>) {
  const receipt = await chain().client.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

function checkIn(account: PrivateKeyAccount) {
  return mined(
    walletOn(chain(), account).writeContract({
      address: indexed.contracts.daily,
      abi: dailyAbi,
      functionName: "checkIn",
    }),
  );
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** Every member's balance equals the sum of their ledger rows and is never negative. */
async function expectLedgerInvariant() {
  const rows = await t().database.db.select({ id: users.id, pts: users.pts }).from(users);
  for (const row of rows) {
    const entries = await t().database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, row.id));
    expect(row.pts).toBeGreaterThanOrEqual(0);
    expect(row.pts).toBe(entries.reduce((sum, entry) => sum + entry.amount, 0));
  }
}

beforeAll(async () => {
  indexed = await createIndexedTestApp({ economy, now: clock.now });
}, 90_000);
afterAll(() => indexed?.dispose());

describe("finding 3: a check-in is credited once, to whoever held the wallet when it was made", () => {
  it("does not credit a check-in made before the wallet was bound, by hash or by the indexer", async () => {
    const wallet = await fundedWallet();
    const receipt = await checkIn(wallet);
    const member = await signUpMember(t(), "bound-later@example.com");
    // Bound ten minutes after the check-in: well past the chain clock's grace.
    await bindWalletDirectly(t().database.db, member.userId, wallet.address, new Date(Date.now() + 10 * 60_000));

    const res = await api.call(creditCheckInRoute, {
      body: { tx_hash: receipt.transactionHash, chain_id: 31337 },
      auth: member.auth,
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/before your wallet was bound/);
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
  });

  it("refuses a replay by a second account after an operator unbind: the first member keeps the one credit", async () => {
    const wallet = await fundedWallet();
    const first = await signUpMember(t(), "first-holder@example.com");
    await bindWalletDirectly(t().database.db, first.userId, wallet.address);
    const receipt = await checkIn(wallet);
    const credited = await api.call(creditCheckInRoute, {
      body: { tx_hash: receipt.transactionHash, chain_id: 31337 },
      auth: first.auth,
    });
    expect(credited.status).toBe(200);

    await unbindWalletOf(t().database.db, "first-holder@example.com", "evm", new Date(Date.now() + 1_000));
    const second = await signUpMember(t(), "second-holder@example.com");
    await bindWalletDirectly(t().database.db, second.userId, wallet.address, new Date(Date.now() + 2_000));
    const replay = await api.call(creditCheckInRoute, {
      body: { tx_hash: receipt.transactionHash, chain_id: 31337 },
      auth: second.auth,
    });
    expect(replay.status).toBe(409);
    expect((await errorOf(replay)).code).toBe("event_already_credited");
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, second.userId)).toBe(0);
    expect(await balanceOf(t().database.db, first.userId)).toBe(10);
    const rows = await t()
      .database.db.select()
      .from(checkIns)
      .where(eq(checkIns.txHash, receipt.transactionHash.toLowerCase()));
    expect(rows.map((row) => row.userId)).toEqual([first.userId]);
  });

  it("answers event_already_credited when the same event comes for another member", async () => {
    const wallet = await fundedWallet();
    const holder = await signUpMember(t(), "event-holder@example.com");
    await bindWalletDirectly(t().database.db, holder.userId, wallet.address);
    const receipt = await checkIn(wallet);
    await indexed.indexer.syncAll();
    // The event names the holder; a second member whose session claims the same wallet cannot take it.
    const other = await signUpMember(t(), "event-other@example.com");
    const credit = await t()
      .checkIn.creditSubmittedCheckIn(
        { uid: other.userId, wallet_address: wallet.address },
        31337,
        receipt.transactionHash,
      )
      .catch((error: unknown) => error);
    expect(credit).toMatchObject({ code: "event_already_credited" });
    expect(await balanceOf(t().database.db, holder.userId)).toBe(10);
  });
});

describe("finding 4: a reorg takes back what orphaned check-ins and tarot records earned", () => {
  it("reverses the credits, reopens the day, never goes below zero, and credits the re-mined check-in once", async () => {
    const wallet = await fundedWallet();
    const member = await signUpMember(t(), "reorged@example.com");
    await bindWalletDirectly(t().database.db, member.userId, wallet.address);
    const snapshot = await chain().client.snapshot();

    await checkIn(wallet);
    const draw = await api.data(getTarotDrawRoute, { auth: member.auth });
    await mined(
      walletOn(chain(), wallet).writeContract({
        address: indexed.contracts.daily,
        abi: dailyAbi,
        functionName: "recordTarot",
        args: [draw.digest],
      }),
    );
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(35);
    // 30 of the 35 points are spent before the reorg is noticed.
    await spendPoints(t().database.db, { userId: member.userId, kind: "box_purchase", amount: 30, reference: "r1" });

    await chain().client.revert({ id: snapshot });
    await chain().client.mine({ blocks: 3 });
    await indexed.indexer.syncAll();

    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
    const reversals = (await recentMovements(t().database.db, member.userId, 10)).filter(
      (row) => row.kind === "reversal",
    );
    expect(reversals.map((row) => row.amount).sort()).toEqual([-5, 0]);
    expect(reversals.map((row) => row.reason).join(" ")).toMatch(
      /shortfall 20 points.*shortfall 10 points|shortfall 10 points.*shortfall 20 points/,
    );
    const status = await api.data(getCheckInStatusRoute, { auth: member.auth });
    expect(status.today_checked).toBe(false);

    // On the new branch the member checks in again: credited once, however often the indexer passes.
    await checkIn(wallet);
    await indexed.indexer.syncAll();
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(10);
    await expectLedgerInvariant();
  });
});

/** Mints a pass for the member's wallet through the server's authorization; its token id. */
async function mintPass(wallet: PrivateKeyAccount, auth: Record<string, string>): Promise<bigint> {
  const mint = await api.data(signMintAuthorizationRoute, { body: { address: wallet.address }, auth });
  const minted = await mined(
    walletOn(chain(), wallet).writeContract({
      address: indexed.contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [mint.to, BigInt(mint.nonce), BigInt(mint.deadline), mint.signature],
    }),
  );
  await indexed.indexer.syncAll();
  return BigInt(minted.logs[0]?.topics[3] ?? "0x0");
}

async function stake(wallet: PrivateKeyAccount, tokenId: bigint): Promise<number> {
  const receipt = await mined(
    walletOn(chain(), wallet).writeContract({
      address: indexed.contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "stake",
      args: [tokenId],
    }),
  );
  await indexed.indexer.syncAll();
  return Number((await chain().client.getBlock({ blockNumber: receipt.blockNumber })).timestamp) * 1000;
}

describe("finding 4: a stake re-mined with a new start time", () => {
  it("does not pay the overlap twice: the orphaned stake's claims are taken back", async () => {
    const wallet = await fundedWallet();
    const member = await signUpMember(t(), "restaked@example.com");
    await bindWalletDirectly(t().database.db, member.userId, wallet.address);
    current = Date.now();
    const tokenId = await mintPass(wallet, member.auth);
    const snapshot = await chain().client.snapshot();
    const firstSince = await stake(wallet, tokenId);
    current = firstSince + DAY_MS;
    const claim = () => api.data(claimPassRewardsRoute, { body: { token_id: Number(tokenId) }, auth: member.auth });
    expect((await claim()).claimed).toBe(100);

    // The stake's block is orphaned; on the new branch the same stake is mined an hour before now.
    await chain().client.revert({ id: snapshot });
    const secondSince = firstSince + DAY_MS - 3_600_000;
    await chain().client.setNextBlockTimestamp({ timestamp: BigInt(secondSince / 1000) });
    await stake(wallet, tokenId);
    await chain().client.mine({ blocks: 2 });
    await indexed.indexer.syncAll();

    // One hour staked is 4 points (one every 864 s); the orphaned day's 100 went back.
    expect((await claim()).claimed).toBe(4);
    expect(await balanceOf(t().database.db, member.userId)).toBe(4);
    await expectLedgerInvariant();
  });
});

describe("finding 6: a pass unstaked on chain stops earning at its on-chain unstake time", () => {
  it("takes back what was claimed after the unstake, before the indexer saw it", async () => {
    const wallet = await fundedWallet();
    const member = await signUpMember(t(), "late-unstake@example.com");
    await bindWalletDirectly(t().database.db, member.userId, wallet.address);
    // Earlier tests moved the chain's clock: the server's follows it.
    current = Number((await chain().client.getBlock()).timestamp) * 1000;
    const tokenId = await mintPass(wallet, member.auth);
    const stakedAt = await stake(wallet, tokenId);
    const gp = indexed.contracts.genesisPass;

    // Two days later the member unstakes (settling 200 points), and the chain agrees on the time.
    current = stakedAt + 2 * DAY_MS;
    const auth712 = await api.data(signUnstakeAuthorizationRoute, {
      body: { token_id: Number(tokenId) },
      auth: member.auth,
    });
    expect(auth712.settled_points).toBe(200);
    await chain().client.setNextBlockTimestamp({ timestamp: BigInt(current / 1000) });
    await mined(
      walletOn(chain(), wallet).writeContract({
        address: gp,
        abi: genesisPassAbi,
        functionName: "unstake",
        args: [tokenId, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
      }),
    );

    // The indexer lags 10 days: the server still thinks the pass is staked and pays a claim.
    current += 10 * DAY_MS;
    const claim = await api.data(claimPassRewardsRoute, { body: { token_id: Number(tokenId) }, auth: member.auth });
    expect(claim.claimed).toBe(1000);
    expect(await balanceOf(t().database.db, member.userId)).toBe(1200);

    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(200);
    const [latest] = await recentMovements(t().database.db, member.userId, 1);
    expect(latest).toMatchObject({ kind: "reversal", amount: -1000 });
    await expectLedgerInvariant();
  });

  it("settles the pass at the unstake when the stake and the unstake reach the indexer in one batch", async () => {
    const wallet = await fundedWallet();
    const member = await signUpMember(t(), "unstake-in-one-batch@example.com");
    await bindWalletDirectly(t().database.db, member.userId, wallet.address);
    current = Number((await chain().client.getBlock()).timestamp) * 1000;
    const tokenId = await mintPass(wallet, member.auth);
    const stakedAt = await stake(wallet, tokenId);
    current = stakedAt + 3 * DAY_MS;
    const auth712 = await api.data(signUnstakeAuthorizationRoute, {
      body: { token_id: Number(tokenId) },
      auth: member.auth,
    });
    await chain().client.setNextBlockTimestamp({ timestamp: BigInt(current / 1000) });
    await mined(
      walletOn(chain(), wallet).writeContract({
        address: indexed.contracts.genesisPass,
        abi: genesisPassAbi,
        functionName: "unstake",
        args: [tokenId, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
      }),
    );
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(300);

    // A new database catching up on the chain from the start gets the mint, the stake and the
    // unstake in one batch: the pass is settled as it stood just before the unstake, all the same.
    const fresh = await createTestApp({ economy, now: clock.now, env: indexed.contracts.env });
    try {
      const again = await createMemberRow(fresh.database.db, "unstake-in-one-batch@example.com");
      await bindWalletDirectly(fresh.database.db, again, wallet.address);
      await testIndexer(fresh).syncAll();
      expect(await balanceOf(fresh.database.db, again)).toBe(300);
      // Every pass of the earlier tests, derived in one batch, is as it was derived event by event.
      const passesOf = async (db: typeof fresh.database.db) =>
        (await db.select().from(passes)).sort((a, b) => a.chainId - b.chainId || a.tokenId - b.tokenId);
      const derived = await passesOf(fresh.database.db);
      expect(derived.length).toBeGreaterThanOrEqual(3);
      expect(derived).toEqual(await passesOf(t().database.db));
    } finally {
      await fresh.dispose();
    }
  });
});
