import { hostname } from "node:os";
import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import {
  creditCheckInRoute,
  getCheckInStatusRoute,
  getOperatorChainsRoute,
  listMyPassesRoute,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appMeta, chainEvents, chainIndexerStatus } from "../db/schema.js";
import { recentMovements } from "../modules/ledger/api.js";
import { makeOperator } from "../test/admin.js";
import { apiClient } from "../test/api-client.js";
import type { startTestChain } from "../test/chain.js";
import { createIndexedTestApp, hardhatAccounts, testIndexer, walletOn } from "../test/contracts.js";
import { chainClientsFailingFirst } from "../test/flaky-chain.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../test/members.js";
import { createChainClients } from "./clients.js";

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
let chain: Awaited<ReturnType<typeof startTestChain>>;
let contracts: Awaited<ReturnType<typeof createIndexedTestApp>>["contracts"];
let t: Awaited<ReturnType<typeof createIndexedTestApp>>["t"];
let indexer: Awaited<ReturnType<typeof createIndexedTestApp>>["indexer"];
const erin = hardhatAccounts[2] as PrivateKeyAccount;
let member: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  indexed = await createIndexedTestApp({});
  ({ chain, contracts, t, indexer } = indexed);
  member = await signUpMember(t, "erin@example.com");
  await bindWalletDirectly(t.database.db, member.userId, erin.address);
}, 90_000);
afterAll(() => indexed?.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

describe("the indexer and the Daily contract", () => {
  it("credits an on-chain check-in once, however often the indexer passes over it", async () => {
    const hash = await walletOn(chain, erin).writeContract({
      address: contracts.daily,
      abi: dailyAbi,
      functionName: "checkIn",
    });
    await chain.client.waitForTransactionReceipt({ hash });
    await indexer.syncAll();
    await indexer.syncAll();
    const status = await api.data(getCheckInStatusRoute, { auth: member.auth });
    expect(status.today_checked).toBe(true);
    expect(status.current_streak).toBe(1);
    const fastPath = await api.call(creditCheckInRoute, {
      body: { tx_hash: hash, chain_id: 31337 },
      auth: member.auth,
    });
    expect(fastPath.status).toBe(200);
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
  });
});

describe("finding 7: a block that changes while its range is read", () => {
  it("stores nothing of the range, reads it again, and keeps the log's own block hash", async () => {
    const walker = hardhatAccounts[3] as PrivateKeyAccount;
    const hash = await walletOn(chain, walker).writeContract({
      address: contracts.daily,
      abi: dailyAbi,
      functionName: "checkIn",
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    const real = t.chainClients.client(31337);
    const storedOf = () => t.database.db.select().from(chainEvents).where(eq(chainEvents.txHash, hash));
    let reorged = false;
    let storedWhenReadAgain: number | null = null;
    // The logs come from a block that a reorg replaced before its header was fetched.
    const racing = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== "getLogs") return Reflect.get(target, property, receiver);
        return async (args: Parameters<typeof real.getLogs>[0]) => {
          const logs = await target.getLogs(args);
          if (!logs.some((log) => log.transactionHash === hash)) return logs;
          if (reorged) {
            storedWhenReadAgain = (await storedOf()).length;
            return logs;
          }
          reorged = true;
          return logs.map((log) => ({ ...log, blockHash: `0x${"ee".repeat(32)}` as Hex }));
        };
      },
    });
    const indexer = testIndexer(t, { clients: { ...t.chainClients, client: () => racing } });
    await indexer.syncAll();
    expect(reorged).toBe(true);
    expect(storedWhenReadAgain).toBe(0);
    const stored = await storedOf();
    expect(stored.map((row) => row.blockHash)).toEqual([receipt.blockHash]);
  });
});

describe("a restarted local chain", () => {
  it("forgets what it derived from the old chain and re-indexes the current one", async () => {
    const auth712 = await api.data(signMintAuthorizationRoute, { body: { address: erin.address }, auth: member.auth });
    const hash = await walletOn(chain, erin).writeContract({
      address: contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [auth712.to, BigInt(auth712.nonce), BigInt(auth712.deadline), auth712.signature],
    });
    await chain.client.waitForTransactionReceipt({ hash });
    await indexer.syncAll();
    expect(await api.data(listMyPassesRoute, { auth: member.auth })).toHaveLength(1);

    // As if the chain had been restarted: the genesis the server remembers is not this chain's.
    await t.database.db
      .update(appMeta)
      .set({ value: `0x${"ab".repeat(32)}` })
      .where(eq(appMeta.key, "chain:31337:genesis"));
    await indexer.syncAll();
    const passes = await api.data(listMyPassesRoute, { auth: member.auth });
    expect(passes).toEqual([{ token_id: 1, chain_id: 31337, stake_info: { staked: false, since: null } }]);
    const [remembered] = await t.database.db.select().from(appMeta).where(eq(appMeta.key, "chain:31337:genesis"));
    expect(remembered?.value).toBe((await chain.client.getBlock({ blockNumber: 0n })).hash);
    // The old chain's credits were reversed, and the same check-in, found again, credited once more.
    expect(await balanceOf(t.database.db, member.userId)).toBe(10);
    const kinds = (await recentMovements(t.database.db, member.userId, 10)).map((row) => [row.kind, row.amount]);
    expect(kinds).toEqual([
      ["check_in", 10],
      ["reversal", -10],
      ["check_in", 10],
    ]);
  });
});

describe("what the indexer reports for the operator console", () => {
  it("records the head, the indexed block and the leader after a pass, and the last RPC error", async () => {
    await indexer.syncAll();
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    const [status] = await t.database.db.select().from(chainIndexerStatus).where(eq(chainIndexerStatus.chainId, 31337));
    expect(status).toMatchObject({ headBlock: head, indexedBlock: head, leader: `${hostname()}:${process.pid}` });

    const flaky = chainClientsFailingFirst(createChainClients(t.config), 1);
    const following = testIndexer(t, { clients: flaky.clients, pollMs: 5, maxBackoffMs: 20, instance: "indexer-b:42" });
    following.start();
    try {
      // The error, then a pass completed after it: the error is history (dated), no longer the chain's state.
      await expect
        .poll(
          async () => {
            const [row] = await t.database.db
              .select()
              .from(chainIndexerStatus)
              .where(eq(chainIndexerStatus.chainId, 31337));
            return row?.lastErrorAt && row.updatedAt >= row.lastErrorAt ? row.lastError : null;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe("RPC unavailable (test)");
    } finally {
      await following.stop();
    }

    const operator = await signUpMember(t, "chains-operator@example.com");
    await makeOperator(t.database.db, "chains-operator@example.com");
    const shown = await api.data(getOperatorChainsRoute, { auth: operator.auth });
    expect(shown.chains.find((entry) => entry.chain_id === 31337)).toMatchObject({
      head_block: head,
      indexed_block: head,
      lag_blocks: 0,
      leader: "indexer-b:42",
      last_error: "RPC unavailable (test)",
      last_error_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      error_current: false,
    });
    // Caught up: only the moments since its last pass (the real clock) count.
    expect(shown.chains.find((entry) => entry.chain_id === 31337)?.lag_seconds).toBeLessThanOrEqual(5);
  });
});
