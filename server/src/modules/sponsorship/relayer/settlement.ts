import { dailyAbi, forwarderAbi } from "@arcana/contracts";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { type Hex, isAddressEqual, parseEventLogs, type TransactionReceipt } from "viem";
import type { Database, Transaction } from "../../../db/client.js";
import { relayedCheckInCredits } from "../../daily/api.js";
import { relayedTarotCredits } from "../../tarot/api.js";
import { relayFailureReasons } from "../relay-failures.js";
import { splitSpend } from "../rules.js";
import { relayerTransactions, sponsoredRelays, sponsorshipDays } from "../schema.js";
import type { SponsoredChain } from "./chain-state.js";
import type { RelayerOptions } from "./relayer-options.js";

type RelayRow = typeof sponsoredRelays.$inferSelect;

/**
 * The relays the transaction of `relayer` (lower-cased) at `nonce` carries: those recorded with that account,
 * and those a release that did not record the account signed into one of its attempts at that nonce (the
 * relay holds the attempt's hash, and a hash commits to its sender). A nonce is the account's own: another
 * account's relay with the same nonce (a rotated key) is never one of them.
 */
export function carriedBy(chainId: number, relayer: string, nonce: number) {
  return and(
    eq(sponsoredRelays.chainId, chainId),
    eq(sponsoredRelays.relayerNonce, nonce),
    or(
      eq(sponsoredRelays.relayer, relayer),
      and(
        isNull(sponsoredRelays.relayer),
        sql`${sponsoredRelays.txHash} in (select hash from ${relayerTransactions}
          where chain_id = ${chainId} and relayer = ${relayer} and nonce = ${nonce})`,
      ),
    ),
  );
}
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
  const { db, chains, economy, config, logger, now } = options;
  // What a confirmed relay did on the Daily contract is credited by its owners' one credit rules.
  const creditCheckIns = relayedCheckInCredits({ db, economy, logger, now });
  const creditTarotRecorded = relayedTarotCredits({ db, config, economy, logger, now });
  const chainId = target.chain.id;
  const relayer = target.relayer.address.toLowerCase();

  /**
   * The relays this account's transaction at `nonce` carries and that are not settled yet, in the order they
   * were put in it: never another account's relays on the same nonce, never a settled relay twice.
   */
  function relaysOf(tx: Database | Transaction, nonce: number) {
    return tx
      .select()
      .from(sponsoredRelays)
      .where(and(carriedBy(chainId, relayer, nonce), inArray(sponsoredRelays.state, ["signed", "sent"])))
      .orderBy(asc(sponsoredRelays.seq));
  }

  /** Gives back what relays set aside, and adds what they spent: one update per GMT day they count against. */
  async function release(tx: Transaction, relays: RelayRow[], spent: bigint[]) {
    const perDay = new Map<number, { reserved: bigint; spent: bigint }>();
    for (const [index, relay] of relays.entries()) {
      const day = perDay.get(relay.day) ?? { reserved: 0n, spent: 0n };
      day.reserved += BigInt(relay.reservedWei);
      day.spent += spent[index] ?? 0n;
      perDay.set(relay.day, day);
    }
    for (const [day, amounts] of perDay) {
      await tx
        .update(sponsorshipDays)
        .set({
          reservedWei: sql`${sponsorshipDays.reservedWei} - ${amounts.reserved.toString()}`,
          spentWei: sql`${sponsorshipDays.spentWei} + ${amounts.spent.toString()}`,
        })
        .where(and(eq(sponsorshipDays.chainId, chainId), eq(sponsorshipDays.day, day)));
    }
  }

  /** Each relay's outcome, written in one statement. */
  async function recordOutcomes(
    tx: Transaction,
    outcomes: Array<{ id: string; state: string; reason: string | null; spent: bigint; credited: boolean }>,
    txHash: Hex,
  ) {
    if (outcomes.length === 0) return;
    const input = JSON.stringify(outcomes.map((outcome) => ({ ...outcome, spent: outcome.spent.toString() })));
    await tx
      .update(sponsoredRelays)
      .set({
        state: sql`o.state`,
        failureReason: sql`o.reason`,
        txHash,
        spentWei: sql`o.spent`,
        credited: sql`o.credited`,
        relayer,
        settledAt: now(),
      })
      .from(
        sql`jsonb_to_recordset(${input}::jsonb) as o(id uuid, state text, reason text, spent numeric, credited boolean)`,
      )
      .where(sql`${sponsoredRelays.id} = o.id`);
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
      const outcomes = relays.map((relay, index) => {
        const outcome = executed.find(
          (event) =>
            event.args.signer.toLowerCase() === relay.signer && event.args.nonce === BigInt(relay.forwarderNonce),
        );
        let reason: string | null = null;
        if (receipt.status !== "success") reason = relayFailureReasons.transaction_reverted;
        else if (!outcome) reason = relayFailureReasons.forwarder_refused;
        else if (!outcome.args.success) reason = relayFailureReasons.call_reverted;
        if (reason) failed += 1;
        return {
          id: relay.id,
          state: reason ? "failed" : "confirmed",
          reason,
          spent: shares[index] ?? 0n,
          credited: false,
        };
      });
      // What the confirmed relays did on the Daily contract, credited as every fast path credits it:
      // the check-ins of the receipt in one batch (log order), each tarot record on its own.
      const identity = (event: (typeof dailyEvents)[number], wallet: string) => ({
        wallet,
        day: Number((event.args as { day?: bigint }).day),
        chainId,
        txHash: receipt.transactionHash,
        logIndex: event.logIndex,
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
        blockTime,
      });
      const eventsOf = (relay: RelayRow, name: string) =>
        dailyEvents.filter(
          (event) =>
            event.eventName === name && (event.args as { wallet?: string }).wallet?.toLowerCase() === relay.signer,
        );
      const checkIns: Array<{ index: number; event: ReturnType<typeof identity> }> = [];
      for (const [index, relay] of relays.entries()) {
        if (outcomes[index]?.state !== "confirmed") continue;
        if (relay.action === "check_in") {
          for (const event of eventsOf(relay, "CheckedIn"))
            checkIns.push({ index, event: identity(event, relay.signer) });
        } else if (relay.action === "record_tarot") {
          for (const event of eventsOf(relay, "TarotRecorded")) {
            const digest = (event.args as { digest?: Hex }).digest;
            if (!digest) continue;
            const credited = await creditTarotRecorded(tx, { ...identity(event, relay.signer), digest });
            (outcomes[index] as { credited: boolean }).credited ||= credited;
          }
        }
      }
      checkIns.sort((a, b) => a.event.logIndex - b.event.logIndex);
      const checkedIn = await creditCheckIns(
        tx,
        checkIns.map(({ event }) => event),
      );
      for (const [i, { index }] of checkIns.entries()) {
        (outcomes[index] as { credited: boolean }).credited ||= checkedIn[i] ?? false;
      }
      await recordOutcomes(tx, outcomes, receipt.transactionHash);
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
          .set({ state: "failed", failureReason: reason, relayer, settledAt: now() })
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
          failureReason: relayFailureReasons.expired,
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
