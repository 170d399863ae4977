import { dailyAbi } from "@arcana/contracts";
import {
  creditCheckInRoute,
  creditTarotRecordRoute,
  getChainTarotRoute,
  getCheckInStatusRoute,
  getTarotDrawRoute,
} from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { type Hex, parseEther, type TransactionReceipt } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainEvents, checkIns, tarotRecords } from "../db/schema.js";
import { type Economy, loadEconomy } from "../economy.js";
import { relayedCheckInCredits } from "../modules/daily/api.js";
import { recentMovements } from "../modules/ledger/api.js";
import { apiClient } from "../test/api-client.js";
import { createIndexedTestApp, hardhatAccounts, walletOn } from "../test/contracts.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../test/members.js";

// Issue 26, finding 15: a credit made on the fast path (the member's tx hash, a confirmed relay)
// before the indexer reached its block is reversed when a reorg drops that block.

const economy: Economy = {
  ...loadEconomy(),
  checkIn: { basePoints: 10, streakBonuses: [] },
  tarot: { points: 25 },
  boxes: [],
};

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
const chain = () => indexed.chain;
const t = () => indexed.t;

beforeAll(async () => {
  indexed = await createIndexedTestApp({ economy });
}, 90_000);
afterAll(() => indexed?.dispose());

/** A fresh member with a bound, funded wallet (each Daily call is once per wallet per day). */
async function memberWithWallet(email: string) {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const funder = hardhatAccounts[0] as PrivateKeyAccount;
  const hash = await walletOn(chain(), funder).sendTransaction({ to: wallet.address, value: parseEther("1") });
  await chain().client.waitForTransactionReceipt({ hash });
  const member = await signUpMember(t(), email);
  await bindWalletDirectly(t().database.db, member.userId, wallet.address);
  return { ...member, wallet };
}

async function call(
  wallet: PrivateKeyAccount,
  functionName: "checkIn" | "recordTarot",
  digest?: Hex,
): Promise<TransactionReceipt> {
  const hash =
    functionName === "checkIn"
      ? await walletOn(chain(), wallet).writeContract({ address: indexed.contracts.daily, abi: dailyAbi, functionName })
      : await walletOn(chain(), wallet).writeContract({
          address: indexed.contracts.daily,
          abi: dailyAbi,
          functionName,
          args: [digest as Hex],
        });
  const receipt = await chain().client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** The indexer is caught up (its blocks are stored) and the chain is snapshotted: the reorg's fork point. */
async function forkPoint(): Promise<Hex> {
  await indexed.indexer.syncAll();
  return chain().client.snapshot();
}

/** The chain drops everything after the snapshot and grows a longer branch; the indexer then passes. */
async function reorgTo(snapshot: Hex) {
  await chain().client.revert({ id: snapshot });
  await chain().client.mine({ blocks: 3 });
  await indexed.indexer.syncAll();
}

const api = () => apiClient(t().app);

/** The member submits their check-in transaction's hash on the fast path. */
function checkInByHash(receipt: TransactionReceipt, auth: Record<string, string>) {
  return api().data(creditCheckInRoute, { body: { tx_hash: receipt.transactionHash, chain_id: 31337 }, auth });
}

const eventsOf = (txHash: string) =>
  t()
    .database.db.select()
    .from(chainEvents)
    .where(and(eq(chainEvents.chainId, 31337), eq(chainEvents.txHash, txHash.toLowerCase())));

/** `GET /blockchain/tarot` on the network of the local chain (31337 counts as op). */
async function chainTarotOf(auth: Record<string, string>) {
  return api().data(getChainTarotRoute, { query: { network: "op" }, auth });
}

describe("finding 15: a fast-path credit whose block a reorg dropped before the indexer saw it is reversed", () => {
  it("finding 15: a check-in credited by tx hash is reversed and the day reopens; without a reorg the indexer adds nothing", async () => {
    const kept = await memberWithWallet("fast-kept@example.com");
    const keptReceipt = await call(kept.wallet, "checkIn");
    expect((await checkInByHash(keptReceipt, kept.auth)).credited).toBe(true);
    // The indexer reaches the block: the event is recorded once and credited once.
    await indexed.indexer.syncAll();
    expect(await eventsOf(keptReceipt.transactionHash)).toHaveLength(1);
    expect(await balanceOf(t().database.db, kept.userId)).toBe(10);

    const member = await memberWithWallet("fast-reorged@example.com");
    const snapshot = await forkPoint();
    const receipt = await call(member.wallet, "checkIn");
    expect(await checkInByHash(receipt, member.auth)).toMatchObject({ credited: true, points: 10 });
    expect(await balanceOf(t().database.db, member.userId)).toBe(10);

    // Before the indexer passes again, the check-in's block is orphaned.
    await reorgTo(snapshot);

    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
    const status = await api().data(getCheckInStatusRoute, { auth: member.auth });
    expect(status.today_checked).toBe(false);
    expect(
      await t().database.db.select().from(checkIns).where(eq(checkIns.txHash, receipt.transactionHash.toLowerCase())),
    ).toHaveLength(0);
    expect(await eventsOf(receipt.transactionHash)).toHaveLength(0);
    const reversals = (await recentMovements(t().database.db, member.userId, 10)).filter(
      (row) => row.kind === "reversal",
    );
    expect(reversals.map((row) => row.amount)).toEqual([-10]);
    // The member kept from before the fork keeps their credit.
    expect(await balanceOf(t().database.db, kept.userId)).toBe(10);

    // On the new branch the member checks in again: credited once, by hash and by the indexer.
    const again = await call(member.wallet, "checkIn");
    expect((await checkInByHash(again, member.auth)).credited).toBe(true);
    await indexed.indexer.syncAll();
    expect(await balanceOf(t().database.db, member.userId)).toBe(10);
  });

  it("finding 15: a tarot record credited by tx hash is reversed and no longer counts as recorded", async () => {
    const member = await memberWithWallet("fast-tarot@example.com");
    const draw = await api().data(getTarotDrawRoute, { auth: member.auth });
    const snapshot = await forkPoint();
    const receipt = await call(member.wallet, "recordTarot", draw.digest as Hex);
    const recorded = await api().data(creditTarotRecordRoute, {
      body: { tx_hash: receipt.transactionHash, chain_id: 31337 },
      auth: member.auth,
    });
    expect(recorded).toMatchObject({ credited: true, points: 25 });
    expect(await balanceOf(t().database.db, member.userId)).toBe(25);
    expect((await chainTarotOf(member.auth)).is_tarot).toBe(true);

    await reorgTo(snapshot);

    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
    expect(
      await t()
        .database.db.select()
        .from(tarotRecords)
        .where(eq(tarotRecords.txHash, receipt.transactionHash.toLowerCase())),
    ).toHaveLength(0);
    expect((await chainTarotOf(member.auth)).is_tarot).toBe(false);
  });

  it("finding 15: a check-in credited by a confirmed relay is reversed when its block is orphaned", async () => {
    const member = await memberWithWallet("fast-relay@example.com");
    const snapshot = await forkPoint();
    const receipt = await call(member.wallet, "checkIn");
    const block = await chain().client.getBlock({ blockHash: receipt.blockHash });
    const log = receipt.logs.find((entry) => entry.address.toLowerCase() === indexed.contracts.daily.toLowerCase());
    // The relayer's settlement credits what the confirmed transaction did, in its own transaction,
    // through the daily module's api.ts.
    const creditCheckIns = relayedCheckInCredits({
      db: t().database.db,
      economy,
      logger: pino({ level: "silent" }),
      now: () => new Date(),
    });
    const credited = await t().database.db.transaction((tx) =>
      creditCheckIns(tx, [
        {
          wallet: member.wallet.address.toLowerCase(),
          day: Math.floor(Number(block.timestamp) / 86_400),
          chainId: 31337,
          txHash: receipt.transactionHash,
          logIndex: log?.logIndex ?? 0,
          blockNumber: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
          blockTime: new Date(Number(block.timestamp) * 1000),
        },
      ]),
    );
    expect(credited).toEqual([true]);
    expect(await balanceOf(t().database.db, member.userId)).toBe(10);

    await reorgTo(snapshot);

    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
    expect(await eventsOf(receipt.transactionHash)).toHaveLength(0);
  });
});
