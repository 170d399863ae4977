import { dailyAbi, forwarderAbi } from "@arcana/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  parseGwei,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { SeenDailyEvent } from "../../chain/daily-transaction.js";
import type { Database, Transaction } from "../../db/client.js";
import type { SponsoredChain, SponsoredChains } from "./chain-state.js";
import { batchGasLimit, bumpedFees, cappedFees, type Fees, splitSpend } from "./policy.js";
import { relayerAccounts, relayerTransactions, sponsoredRelays, sponsorshipDays } from "./schema.js";

type RelayRow = typeof sponsoredRelays.$inferSelect;
type SentRow = typeof relayerTransactions.$inferSelect;

/** How the relayer credits what a confirmed relay did, through the daily and tarot modules' idempotent paths. */
export interface RelayCredits {
  checkIn(tx: Transaction, event: DailyEvent): Promise<boolean>;
  tarotRecorded(tx: Transaction, event: DailyEvent & { digest: string }): Promise<boolean>;
}
/** A Daily event the relay's receipt shows, in the shape every fast path credits. */
export type DailyEvent = SeenDailyEvent;

export interface RelayerOptions {
  db: Database;
  chains: SponsoredChains;
  chainClients: ChainClients;
  credits: RelayCredits;
  logger: Logger;
  now: () => Date;
  /** Requests per transaction at most (executeBatch). */
  batchSize?: number;
  /** Transactions in flight (signed, not yet mined) at most. */
  maxInFlight?: number;
  /** A transaction not mined this long after it was signed is replaced with bumped fees. */
  replaceAfterMs?: number;
  /** Called after each transaction is stored, before it is broadcast (the tests' crash point). */
  onStored?: (sent: SentRow) => Promise<void> | void;
  events?: { replaced(chainId: number): void; failed(chainId: number, count: number): void };
}

/** The relayer's work for one chain: settle what was mined, replace what is stuck, send what waits. */
export function createChainRelayer(target: SponsoredChain, options: RelayerOptions) {
  const { db, chains, chainClients, credits, logger, now } = options;
  const batchSize = options.batchSize ?? 50;
  const maxInFlight = options.maxInFlight ?? 4;
  const replaceAfterMs = options.replaceAfterMs ?? 30_000;
  const chainId = target.chain.id;
  const relayer = target.relayer.address.toLowerCase();
  const client = chainClients.client(chainId);
  const cap = parseGwei(target.settings.maxFeeGwei);
  const log = logger.child({ component: "relayer", chainId });

  async function sign(nonce: number, data: Hex, gas: bigint, fees: Fees) {
    const raw = await target.relayer.signTransaction({
      type: "eip1559",
      chainId,
      nonce,
      to: target.forwarder,
      data,
      gas,
      value: 0n,
      ...fees,
    });
    return { raw, hash: keccak256(raw) };
  }

  async function broadcast(sent: SentRow): Promise<boolean> {
    try {
      await client.sendRawTransaction({ serializedTransaction: sent.raw as Hex });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Already in the pool or mined: it went out before (a rebroadcast after a crash, or twice).
      if (!/already known|known transaction|nonce too low|already imported|AlreadyKnown/i.test(message)) {
        log.warn({ err: error, nonce: sent.nonce, hash: sent.hash }, "relayer: broadcast failed; will try again");
        return false;
      }
    }
    await db.transaction(async (tx) => {
      await tx
        .update(relayerTransactions)
        .set({ broadcastAt: sql`coalesce(${relayerTransactions.broadcastAt}, now())` })
        .where(eq(relayerTransactions.id, sent.id));
      await tx
        .update(sponsoredRelays)
        .set({ state: "sent", txHash: sent.hash })
        .where(
          and(
            eq(sponsoredRelays.chainId, chainId),
            eq(sponsoredRelays.relayerNonce, sent.nonce),
            inArray(sponsoredRelays.state, ["signed", "sent"]),
          ),
        );
    });
    return true;
  }

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

  async function receiptOf(hash: string): Promise<TransactionReceipt | null> {
    try {
      return await client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  async function known(hash: string): Promise<boolean> {
    try {
      await client.getTransaction({ hash: hash as Hex });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  /** Settles mined transactions, rebroadcasts unsent or dropped ones, replaces stuck ones. */
  async function followPending(): Promise<number> {
    const pending = await db
      .select()
      .from(relayerTransactions)
      .where(
        and(
          eq(relayerTransactions.chainId, chainId),
          eq(relayerTransactions.relayer, relayer),
          eq(relayerTransactions.state, "pending"),
        ),
      )
      .orderBy(asc(relayerTransactions.nonce), asc(relayerTransactions.attempt));
    if (pending.length === 0) return 0;
    const byNonce = new Map<number, SentRow[]>();
    for (const row of pending) byNonce.set(row.nonce, [...(byNonce.get(row.nonce) ?? []), row]);
    const [head, chainNonce] = await Promise.all([
      client.getBlockNumber({ cacheTime: 0 }),
      client.getTransactionCount({ address: target.relayer.address, blockTag: "latest" }),
    ]);
    let open = 0;
    for (const [nonce, attempts] of byNonce) {
      let mined: { attempt: SentRow; receipt: TransactionReceipt } | null = null;
      for (const attempt of attempts) {
        const receipt = await receiptOf(attempt.hash);
        if (receipt) mined = { attempt, receipt };
      }
      if (mined) {
        if (head - mined.receipt.blockNumber >= BigInt(target.chain.confirmations)) {
          await settle(nonce, attempts, mined.attempt, mined.receipt);
        } else open += 1;
        continue;
      }
      if (nonce < chainNonce) {
        await abandon(nonce, "Another transaction of the relayer account took its place.");
        continue;
      }
      open += 1;
      const latest = attempts.at(-1) as SentRow;
      if (!latest.broadcastAt || !(await known(latest.hash))) {
        // Never broadcast (a crash after storing it), or dropped by the node: send the same bytes again.
        await broadcast(latest);
        continue;
      }
      if (now().getTime() - latest.signedAt.getTime() < replaceAfterMs) continue;
      const fees = bumpedFees(
        { maxFeePerGas: BigInt(latest.maxFeePerGas), maxPriorityFeePerGas: BigInt(latest.maxPriorityFeePerGas) },
        await chains.fees(chainId),
        cap,
      );
      if (!fees) {
        log.warn({ nonce, maxFeePerGas: latest.maxFeePerGas }, "relayer: stuck at the fee cap; waiting");
        continue;
      }
      const tx = await client.getTransaction({ hash: latest.hash as Hex });
      const signed = await sign(nonce, tx.input, latest.gasLimit, fees);
      const [replacement] = await db
        .insert(relayerTransactions)
        .values({
          chainId,
          relayer,
          nonce,
          attempt: latest.attempt + 1,
          hash: signed.hash,
          raw: signed.raw,
          gasLimit: latest.gasLimit,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
          requests: latest.requests,
          signedAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!replacement) continue;
      log.info(
        { nonce, attempt: replacement.attempt, hash: replacement.hash },
        "relayer: replaced a stuck transaction",
      );
      options.events?.replaced(chainId);
      await options.onStored?.(replacement);
      await broadcast(replacement);
    }
    return open;
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

  /** Signs one transaction carrying the oldest queued relays, stores it, then broadcasts it. */
  async function sendQueued(open: number): Promise<boolean> {
    if (open >= maxInFlight) return false;
    const nowSeconds = Math.floor(now().getTime() / 1000);
    await expireQueued(nowSeconds);
    const queued = await db
      .select()
      .from(sponsoredRelays)
      .where(and(eq(sponsoredRelays.chainId, chainId), eq(sponsoredRelays.state, "queued")))
      .orderBy(asc(sponsoredRelays.seq))
      .limit(batchSize);
    if (queued.length === 0) return false;
    // Asked only when about to send: an idle relayer makes no RPC calls (public RPCs limit them).
    if (open === 0) await alignNonce();
    const fees = cappedFees(await chains.fees(chainId), cap);
    const data = encodeFunctionData({
      abi: forwarderAbi,
      functionName: "executeBatch",
      args: [
        queued.map((relay) => ({
          from: relay.signer as Hex,
          to: relay.target as Hex,
          value: 0n,
          gas: relay.gas,
          deadline: relay.deadline,
          data: relay.data as Hex,
          signature: relay.signature as Hex,
        })),
        // A refund receiver makes the batch skip a request that fails instead of reverting them all.
        target.relayer.address,
      ],
    });
    const gasLimit = batchGasLimit(queued.map((relay) => relay.gas));
    const chainPending = await client.getTransactionCount({ address: target.relayer.address, blockTag: "pending" });
    const stored = await db
      .transaction(async (tx) => {
        await tx
          .insert(relayerAccounts)
          .values({ chainId, address: relayer, nextNonce: chainPending })
          .onConflictDoNothing();
        const [account] = await tx
          .select()
          .from(relayerAccounts)
          .where(and(eq(relayerAccounts.chainId, chainId), eq(relayerAccounts.address, relayer)))
          .for("update");
        if (!account) return null;
        const nonce = account.nextNonce;
        const signed = await sign(nonce, data, gasLimit, fees);
        const taken = await tx
          .update(sponsoredRelays)
          .set({ state: "signed", relayerNonce: nonce, txHash: signed.hash })
          .where(
            and(
              inArray(
                sponsoredRelays.id,
                queued.map((relay) => relay.id),
              ),
              eq(sponsoredRelays.state, "queued"),
            ),
          )
          .returning({ id: sponsoredRelays.id });
        // Another sender took some of them meanwhile: sign again next time from what is left.
        if (taken.length !== queued.length) {
          tx.rollback();
        }
        const [sent] = await tx
          .insert(relayerTransactions)
          .values({
            chainId,
            relayer,
            nonce,
            attempt: 0,
            hash: signed.hash,
            raw: signed.raw,
            gasLimit,
            maxFeePerGas: fees.maxFeePerGas.toString(),
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
            requests: queued.length,
            signedAt: now(),
          })
          .returning();
        await tx
          .update(relayerAccounts)
          .set({ nextNonce: nonce + 1 })
          .where(and(eq(relayerAccounts.chainId, chainId), eq(relayerAccounts.address, relayer)));
        return sent ?? null;
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === "TransactionRollbackError") return null;
        throw error;
      });
    if (!stored) return false;
    await options.onStored?.(stored);
    await broadcast(stored);
    return true;
  }

  /** With nothing of ours pending, the chain's count is the next nonce (the key used elsewhere, or a fresh local chain). */
  async function alignNonce() {
    const [account] = await db
      .select()
      .from(relayerAccounts)
      .where(and(eq(relayerAccounts.chainId, chainId), eq(relayerAccounts.address, relayer)));
    if (!account) return;
    const chainNonce = await client.getTransactionCount({ address: target.relayer.address, blockTag: "pending" });
    if (chainNonce !== account.nextNonce) {
      log.warn(
        { stored: account.nextNonce, chain: chainNonce },
        "relayer: the chain counts another nonce for the account (used elsewhere, or a new chain); following it",
      );
      await db
        .update(relayerAccounts)
        .set({ nextNonce: chainNonce })
        .where(and(eq(relayerAccounts.chainId, chainId), eq(relayerAccounts.address, relayer)));
    }
  }

  return {
    /** One pass; true when there may be more to send right away. */
    async step(): Promise<boolean> {
      return sendQueued(await followPending());
    },
  };
}
