import { forwarderAbi } from "@arcana/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  encodeFunctionData,
  type Hex,
  keccak256,
  parseGwei,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import { relayFailureReasons } from "../relay-failures.js";
import { batchGasLimit, bumpedFees, cappedFees, type Fees } from "../rules.js";
import { relayerAccounts, relayerTransactions, sponsoredRelays } from "../schema.js";
import type { SponsoredChain } from "./chain-state.js";
import type { RelayerOptions } from "./relayer-options.js";
import { carriedBy, createSettlement } from "./settlement.js";

type SentRow = typeof relayerTransactions.$inferSelect;

export type { RelayerOptions } from "./relayer-options.js";

/** The relayer's work for one chain: settle what was mined, replace what is stuck, send what waits. */
export function createChainRelayer(target: SponsoredChain, options: RelayerOptions) {
  const { db, chains, chainClients, logger, now } = options;
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
        .set({ state: "sent", txHash: sent.hash, relayer })
        .where(and(carriedBy(chainId, relayer, sent.nonce), inArray(sponsoredRelays.state, ["signed", "sent"])));
    });
    return true;
  }

  const { settle, abandon, expireQueued } = createSettlement(target, options, client);
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
        await abandon(nonce, relayFailureReasons.nonce_taken);
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
          .set({ state: "signed", relayer, relayerNonce: nonce, txHash: signed.hash })
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
