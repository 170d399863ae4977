import { dailyAbi } from "@arcana/contracts";
import { eq } from "drizzle-orm";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainBlocks, chainCursors, checkIns } from "../db/schema.js";
import { createIndexedTestApp, hardhatAccounts, testIndexer, walletOn } from "../test/contracts.js";
import { bindWalletDirectly, createMemberRow } from "../test/members.js";
import type { EventHandler } from "./events.js";

let indexed: Awaited<ReturnType<typeof createIndexedTestApp>>;
const wallets = hardhatAccounts.slice(2, 6) as PrivateKeyAccount[];
const hashes: string[] = [];

beforeAll(async () => {
  indexed = await createIndexedTestApp({});
  const { chain, contracts, t } = indexed;
  for (const [i, wallet] of wallets.entries()) {
    await bindWalletDirectly(t.database.db, await createMemberRow(t.database.db, `m${i}@example.com`), wallet.address);
    // Automine: every check-in in a block of its own.
    const hash = await walletOn(chain, wallet).writeContract({
      address: contracts.daily,
      abi: dailyAbi,
      functionName: "checkIn",
    });
    await chain.client.waitForTransactionReceipt({ hash });
    hashes.push(hash);
  }
}, 90_000);
afterAll(() => indexed?.dispose());

describe("an indexer range in several transactions", () => {
  it("commits whole blocks and moves the cursor with each, so a failure keeps what came before", async () => {
    const { chain, t } = indexed;
    let failOn: string | null = hashes[2] ?? null;
    // The failure is injected on both paths: per event, and the batch that holds the event.
    const handlers: EventHandler[] = t.eventHandlers.map(({ applyBatch, ...handler }) => ({
      ...handler,
      async apply(tx, event) {
        if (event.txHash === failOn) throw new Error("handler failed");
        await handler.apply(tx, event);
      },
      ...(applyBatch && {
        async applyBatch(tx, events) {
          if (events.some((event) => event.txHash === failOn)) throw new Error("handler failed");
          await applyBatch(tx, events);
        },
      }),
    }));
    const indexer = testIndexer(t, { handlers, eventsPerTransaction: 1 });
    const { db } = t.database;
    const daily = async () =>
      (await db.select().from(chainCursors).where(eq(chainCursors.contract, "Daily")))[0]?.nextBlock;

    await expect(indexer.syncAll()).rejects.toThrow("handler failed");
    expect(await db.select().from(checkIns)).toHaveLength(2);
    const second = await chain.client.getTransactionReceipt({ hash: hashes[1] as `0x${string}` });
    expect(await daily()).toBe(Number(second.blockNumber) + 1);

    failOn = null;
    await indexer.syncAll();
    expect(await db.select().from(checkIns)).toHaveLength(4);
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    expect(await daily()).toBe(head + 1);
    const stored = new Set((await db.select().from(chainBlocks)).map((block) => block.number));
    for (const hash of hashes) {
      const receipt = await chain.client.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(stored.has(Number(receipt.blockNumber))).toBe(true);
    }
    expect(stored.has(head)).toBe(true);
  });
});
