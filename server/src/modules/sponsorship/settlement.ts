import { dailyAbi, forwarderAbi } from "@arcana/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Hex, isAddressEqual, parseEventLogs, type TransactionReceipt } from "viem";
import type { Database, Transaction } from "../../db/client.js";
import type { SponsoredChain } from "./chain-state.js";
import { splitSpend } from "./policy.js";
import type { RelayerOptions } from "./relayer-options.js";
import { relayerTransactions, sponsoredRelays, sponsorshipDays } from "./schema.js";

type RelayRow = typeof sponsoredRelays.$inferSelect;
type SentRow = typeof relayerTransactions.$inferSelect;

/**
 * How a chain's relayer ends relays: settling a mined transaction (outcome per request, spend,
 * credit), failing the relays of a nonce another transaction took, and expiring relays never sent.
 * Each runs in one database transaction.
 */
export function createSettlement(
  target: SponsoredChain,
  options: RelayerOptions,
  client: ReturnType<RelayerOptions["chainClients"]["client"]>,
) {
  const { db, chains, credits, now } = options;
  const chainId = target.chain.id;
  const relayer = target.relayer.address.toLowerCase();

  /** The relays a nonce carries, in the order they were put in its transaction. */
  function relaysOf(tx: Database | Transaction, nonce: number) {
    return tx
      .select()
      .from(sponsoredRelays)
      .where(and(eq(sponsoredRelays.chainId, chainId), eq(sponsoredRelays.relayerNonce, nonce)))
      .orderBy(asc(sponsoredRelays.seq));
  }

  /** Gives back what a relay set aside, and its quota when it never went on chain. */
  async function release(tx: Transaction, relays: RelayRow[], spent: bigint[]) {
    for (const [index, relay] of relays.entries()) {
      await tx
        .update(sponsorshipDays)
        .set({
          reservedWei: sql`${sponsorshipDays.reservedWei} - ${relay.reservedWei}`,
          spentWei: sql`${sponsorshipDays.spentWei} + ${(spent[index] ?? 0n).toString()}`,
        })
        .where(and(eq(sponsorshipDays.chainId, chainId), eq(sponsorshipDays.day, relay.day)));
    }
  }

  async function settle(nonce: number, attempts: SentRow[], mined: SentRow, receipt: TransactionReceipt) {
    const block = await client.getBlock({ blockHash: receipt.blockHash });
    const blockTime = new Date(Number(block.timestamp) * 1000);
    const executed = parseEventLogs({
      abi: forwarderAbi,
      logs: receipt.logs,
      eventName: "ExecutedForwardRequest",
    }).filter((event) => isAddressEqual(event.address, target.forwarder));
    const daily = target.chain.dailyAddress;
    const dailyEvents = daily
      ? parseEventLogs({ abi: dailyAbi, logs: receipt.logs }).filter((event) => isAddressEqual(event.address, daily))
      : [];
    const total = receipt.gasUsed * receipt.effectiveGasPrice;
    let failed = 0;
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(relayerTransactions)
        .set({
          state: "mined",
          gasUsed: receipt.gasUsed,
          effectiveGasPrice: receipt.effectiveGasPrice.toString(),
          reverted: receipt.status !== "success",
        })
        .where(and(eq(relayerTransactions.id, mined.id), eq(relayerTransactions.state, "pending")))
        .returning({ id: relayerTransactions.id });
      if (claimed.length === 0) return;
      const others = attempts.filter((attempt) => attempt.id !== mined.id).map((attempt) => attempt.id);
      if (others.length > 0) {
        await tx.update(relayerTransactions).set({ state: "replaced" }).where(inArray(relayerTransactions.id, others));
      }
      const relays = await relaysOf(tx, nonce);
      const shares = splitSpend(
        total,
        relays.map((relay) => relay.gas),
      );
      await release(tx, relays, shares);
      for (const [index, relay] of relays.entries()) {
        const outcome = executed.find(
          (event) =>
            event.args.signer.toLowerCase() === relay.signer && event.args.nonce === BigInt(relay.forwarderNonce),
        );
        let state = "confirmed";
        let reason: string | null = null;
        if (receipt.status !== "success") reason = "The transaction carrying it reverted on chain.";
        else if (!outcome) reason = "The forwarder refused the request (expired, or its nonce was already used).";
        else if (!outcome.args.success) reason = "The call reverted on chain.";
        if (reason) {
          state = "failed";
          failed += 1;
        }
        let credited = false;
        if (state === "confirmed" && (relay.action === "check_in" || relay.action === "record_tarot")) {
          for (const event of dailyEvents) {
            const args = event.args as { wallet?: string; day?: bigint; digest?: Hex };
            if (args.wallet?.toLowerCase() !== relay.signer) continue;
            const identity = {
              wallet: relay.signer,
              day: Number(args.day),
              chainId,
              txHash: receipt.transactionHash,
              logIndex: event.logIndex,
              blockNumber: Number(receipt.blockNumber),
              blockHash: receipt.blockHash,
              blockTime,
            };
            if (relay.action === "check_in" && event.eventName === "CheckedIn") {
              credited = await credits.checkIn(tx, identity);
            } else if (relay.action === "record_tarot" && event.eventName === "TarotRecorded" && args.digest) {
              credited = await credits.tarotRecorded(tx, { ...identity, digest: args.digest });
            }
          }
        }
        await tx
          .update(sponsoredRelays)
          .set({
            state,
            failureReason: reason,
            txHash: receipt.transactionHash,
            spentWei: (shares[index] ?? 0n).toString(),
            credited,
            settledAt: now(),
          })
          .where(eq(sponsoredRelays.id, relay.id));
      }
    });
    chains.forgetBalance(chainId);
    if (failed > 0) options.events?.failed(chainId, failed);
  }

  /** Fails the relays of transactions that can never be mined (their nonce was taken by another). */
  async function abandon(nonce: number, reason: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(relayerTransactions)
        .set({ state: "replaced" })
        .where(
          and(
            eq(relayerTransactions.chainId, chainId),
            eq(relayerTransactions.relayer, relayer),
            eq(relayerTransactions.nonce, nonce),
            eq(relayerTransactions.state, "pending"),
          ),
        );
      const relays = (await relaysOf(tx, nonce)).filter(
        (relay) => relay.state !== "confirmed" && relay.state !== "failed",
      );
      await release(tx, relays, []);
      if (relays.length > 0) {
        await tx
          .update(sponsoredRelays)
          .set({ state: "failed", failureReason: reason, settledAt: now() })
          .where(
            inArray(
              sponsoredRelays.id,
              relays.map((relay) => relay.id),
            ),
          );
      }
      options.events?.failed(chainId, relays.length);
    });
  }

  /** Fails queued relays whose deadline passed before they could be sent; they cost nothing. */
  async function expireQueued(nowSeconds: number) {
    await db.transaction(async (tx) => {
      const expired = await tx
        .update(sponsoredRelays)
        .set({
          state: "failed",
          failureReason: "It expired before it could be sent; nothing was charged.",
          settledAt: now(),
        })
        .where(
          and(
            eq(sponsoredRelays.chainId, chainId),
            eq(sponsoredRelays.state, "queued"),
            sql`${sponsoredRelays.deadline} <= ${nowSeconds + 5}`,
          ),
        )
        .returning();
      await release(tx, expired, []);
    });
  }

  return { settle, abandon, expireQueued };
}
