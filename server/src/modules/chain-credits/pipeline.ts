import type { ErrorCode } from "@arcana/protocol";
import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { type DailyEventName, type VerifiedDailyEvent, verifyDailyTransaction } from "../../chain/daily-transaction.js";
import type { ChainEventIdentity } from "../../chain/event-key.js";
import { type ChainEvent, type EventHandler, recordFastPathEvents } from "../../chain/events.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import { type Reversal, reverseCredit } from "../ledger/api.js";

/** A Daily contract event that credits points: who sent it, for which GMT day, and where it happened. */
export interface CreditedChainEvent extends ChainEventIdentity {
  wallet: string;
  /** GMT day number from the event. */
  day: number;
  /** The block's time: the event counts for whoever held the wallet then. */
  blockTime: Date;
}

/** What a credit answers: at least whom it went to. */
export interface ChainCredit {
  userId: string;
}

/** The row a credit stores for its event: enough to find it again and to reverse its points. */
export interface CreditRow {
  userId: string;
  chainId: number;
  txHash: string;
  day: number;
  /** The ledger reference its points were credited under; null on rows from before credits were keyed by event. */
  creditReference: string | null;
}

/** One event's outcome: its credit (null when nobody is to be credited) and whether a row was stored for it now. */
export interface CreditOutcome<Credit> {
  credit: Credit | null;
  stored: boolean;
}

/** What a module tells the pipeline about the one on-chain action it credits. */
export interface ChainCreditRule<Name extends DailyEventName, Event extends CreditedChainEvent, Credit, Row> {
  db: Database;
  logger: Logger;
  now: () => Date;
  chainClients?: ChainClients;
  /** The Daily contract event it credits. */
  eventName: Name;
  /** The ledger kind of its points (`check_in`, `tarot`). */
  kind: string;
  /** What logs and reversal reasons call one (`check-in`, `tarot record`). */
  noun: string;
  /** An indexed event as the credit takes it. */
  fromChainEvent(event: ChainEvent): Event;
  /** A member-submitted transaction's verified event as the credit takes it. */
  fromVerified(verified: VerifiedDailyEvent<Name>): Event & { blockNumber: number };
  /** The event's arguments as a fast path records them for the indexer. */
  chainArgs(event: Event): Record<string, unknown>;
  /**
   * Credits events (in the order they happened) in the caller's transaction, without savepoints:
   * for each, in the order given, its credit and whether a row was stored for it now. An event
   * already credited answers its credit as it stands, not stored.
   */
  creditIn(tx: Transaction, events: readonly Event[]): Promise<Array<CreditOutcome<Credit>>>;
  /** Deletes the row an orphaned event stored, answering it (undefined when it stored none). */
  removeRow(tx: Transaction, event: ChainEventIdentity): Promise<Row | undefined>;
  /** Whether a removed row had earned points, which the reversal then takes back. */
  earned(row: Row): boolean;
  /**
   * What a member is told when their own transaction credits nobody (`uncredited`), and when its
   * event was already credited to another account (`creditedElsewhere`, an `event_already_credited`).
   */
  refusals: { uncredited: { code: ErrorCode; message: string }; creditedElsewhere: string };
}

/** The condition that finds the row one chain event stored (its chain, transaction and log index). */
export function sameChainEvent(
  columns: { chainId: AnyPgColumn; txHash: AnyPgColumn; logIndex: AnyPgColumn },
  event: ChainEventIdentity,
): SQL | undefined {
  return and(
    eq(columns.chainId, event.chainId),
    eq(columns.txHash, event.txHash.toLowerCase()),
    eq(columns.logIndex, event.logIndex),
  );
}

/**
 * The one chain-credit pipeline, for each on-chain action that earns points (check-ins, tarot
 * records): the indexer's event handler, the fast paths that saw an event before the indexer (a
 * member-submitted transaction hash, a confirmed relay), and the reversal when a reorg orphans the
 * event's block. The module's rule says who earns what; the pipeline says when and how it lands.
 */
export function createChainCreditPipeline<
  Name extends DailyEventName,
  Event extends CreditedChainEvent,
  Credit extends ChainCredit,
  Row extends CreditRow,
>(rule: ChainCreditRule<Name, Event, Credit, Row>) {
  const { db, logger, now } = rule;

  /** The credits of a batch of events in the caller's transaction, without savepoints (the indexer's batches). */
  async function creditBatch(tx: Transaction, events: readonly Event[]): Promise<Array<Credit | null>> {
    return (await rule.creditIn(tx, events)).map((outcome) => outcome.credit);
  }

  /** One event's credit in its own transaction (a savepoint inside `into`'s); null when nobody is credited. */
  async function credit(event: Event, into: DatabaseOrTransaction = db): Promise<Credit | null> {
    return into.transaction(async (tx) => (await creditBatch(tx, [event]))[0] ?? null);
  }

  /**
   * The credits of events a path saw before the indexer (a member-submitted transaction hash, a
   * confirmed relay; one receipt's, in log order), in one transaction: each row it stores joins the
   * indexer's reorg window in the same transaction (`recordFastPathEvents`), so a reorg that drops
   * its block undoes it.
   */
  async function creditSeen(
    events: ReadonlyArray<Event & { blockNumber: number }>,
    into: DatabaseOrTransaction = db,
  ): Promise<Array<Credit | null>> {
    return into.transaction(async (tx) => {
      const outcomes = await rule.creditIn(tx, events);
      await recordFastPathEvents(
        tx,
        events
          .filter((_, index) => outcomes[index]?.stored)
          .map((event) => ({
            ...event,
            contract: "Daily" as const,
            name: rule.eventName,
            args: rule.chainArgs(event),
          })),
      );
      return outcomes.map((outcome) => outcome.credit);
    });
  }

  /**
   * Undoes what an event stored when its block is orphaned by a reorg: the row goes and, if it
   * earned points, a reversal takes them back as far as the balance allows.
   */
  async function revert(tx: Transaction, event: ChainEventIdentity): Promise<Reversal | null> {
    const row = await rule.removeRow(tx, event);
    if (!row || !rule.earned(row)) return null;
    const reversal = await reverseCredit(
      tx,
      // Rows from before credits were keyed by event used member and day.
      { kind: rule.kind, reference: row.creditReference ?? `${row.userId}:${row.day}` },
      `chain reorganisation on chain ${row.chainId} dropped ${rule.noun} ${row.txHash}`,
      now(),
    );
    logger.warn(
      { userId: row.userId, chainId: row.chainId, txHash: row.txHash, day: row.day, ...reversal },
      `a credited ${rule.noun} was orphaned by a reorg: reversed`,
    );
    return reversal;
  }

  /**
   * The fast path: verifies the member's own transaction (a confirmed call from their bound wallet
   * that emitted the event) and credits it now. Refused when it credits nobody or someone else.
   */
  async function creditSubmitted(
    member: { uid: string; wallet_address: string | null },
    chainId: number,
    txHash: `0x${string}`,
  ): Promise<Credit> {
    if (!rule.chainClients) throw new Error(`the ${rule.noun} fast path needs the chain clients`);
    const verified = await verifyDailyTransaction(rule.chainClients, {
      chainId,
      txHash,
      memberWallet: member.wallet_address,
      eventName: rule.eventName,
    });
    const [credited] = await creditSeen([rule.fromVerified(verified)]);
    if (!credited) throw new ApiError(rule.refusals.uncredited.code, rule.refusals.uncredited.message);
    if (credited.userId !== member.uid) throw new ApiError("event_already_credited", rule.refusals.creditedElsewhere);
    return credited;
  }

  /** The indexer's handler: the same idempotent credit inside its transaction; an orphaned event undone. */
  const eventHandler: EventHandler = {
    contract: "Daily",
    events: [rule.eventName],
    async apply(tx, event) {
      await credit(rule.fromChainEvent(event), tx);
    },
    async applyBatch(tx, events) {
      // The indexer hands them oldest first, the order the rule needs (a streak builds on yesterday).
      await creditBatch(tx, events.map(rule.fromChainEvent));
    },
    async revert(tx, event) {
      await revert(tx, event);
    },
  };

  return { credit, creditBatch, creditSeen, revert, creditSubmitted, eventHandler };
}
