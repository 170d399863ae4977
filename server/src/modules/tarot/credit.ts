import { DAY_MS, gmtDate } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { type ChainEventIdentity, chainEventKey } from "../../chain/event-key.js";
import { recordFastPathEvent } from "../../chain/events.js";
import type { Config } from "../../config.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { grantPointsBatch, nextCreditReference, type Reversal, reverseCredit } from "../ledger/api.js";
import { lockMember, memberIdByWalletAt } from "../users/api.js";
import { type DrawnTarotCard, tarotDigest } from "./draw.js";
import { tarotRecords } from "./schema.js";

/** A `Daily.TarotRecorded` event, from the indexer or a member-submitted transaction. */
export interface TarotRecordedEvent extends ChainEventIdentity {
  wallet: string;
  day: number;
  digest: string;
  /** The block's time: the record counts for whoever held the wallet then. */
  blockTime: Date;
}

export interface TarotRecordCredit {
  userId: string;
  /** False when the member's tarot points for that day had already been credited. */
  credited: boolean;
  day: number;
  points: number;
}

export interface TarotCreditsDeps {
  db: Database;
  config: Pick<Config, "chains">;
  economy: Economy;
  logger: Logger;
  now: () => Date;
  /** The member's three cards of a GMT day number. */
  drawFor: (userId: string, day: number) => DrawnTarotCard[];
}

/**
 * The one tarot credit rule, whichever path reports the record (indexer, tx-hash fast path,
 * confirmed relay), and its undoing when a reorg orphans the event's block.
 */
export function createTarotCredits({ db, config, economy, logger, now, drawFor }: TarotCreditsDeps) {
  type RecordRow = typeof tarotRecords.$inferSelect;
  /** The ledger reference of a record's points; rows from before credits were keyed by event used member and day. */
  const creditReference = (row: RecordRow) => row.creditReference ?? `${row.userId}:${row.day}`;

  /**
   * Records the member's draw on a chain and credits the tarot points once per member per GMT day
   * (the day's first record, on any chain), once per event ever, to whoever held the wallet when
   * it was recorded. Null when nobody held it then, or the digest is not the member's draw.
   */
  async function creditTarotRecorded(
    event: TarotRecordedEvent,
    into: DatabaseOrTransaction = db,
  ): Promise<TarotRecordCredit | null> {
    return creditTarotRecordedWith(event, into, (credit) => into.transaction(credit));
  }

  /**
   * `creditTarotRecorded` in the caller's transaction, without a savepoint (the indexer's batches:
   * a failure fails the whole batch anyway).
   */
  function creditTarotRecordedIn(tx: Transaction, event: TarotRecordedEvent): Promise<TarotRecordCredit | null> {
    return creditTarotRecordedWith(event, tx, (credit) => credit(tx));
  }

  async function creditTarotRecordedWith(
    event: TarotRecordedEvent,
    into: DatabaseOrTransaction,
    inTransaction: <T>(credit: (tx: Transaction) => Promise<T>) => Promise<T>,
    /** Called in the transaction when a record row was stored (the fast paths record the event then). */
    onStored?: (tx: Transaction) => Promise<void>,
  ): Promise<TarotRecordCredit | null> {
    const wallet = event.wallet.toLowerCase();
    const txHash = event.txHash.toLowerCase();
    const memberId = await memberIdByWalletAt(into, wallet, event.blockTime);
    if (!memberId) {
      logger.info(
        { wallet, day: event.day, chainId: event.chainId, txHash },
        "tarot record from a wallet no member held at the time",
      );
      return null;
    }
    const date = gmtDate(event.day * DAY_MS);
    if (event.digest.toLowerCase() !== tarotDigest(date, drawFor(memberId, event.day))) {
      logger.warn(
        { userId: memberId, day: event.day, digest: event.digest },
        "tarot record does not match the day's draw",
      );
      return null;
    }
    const points = economy.tarot.points;
    return inTransaction(async (tx) => {
      // One member's records run one at a time, so "the day's first record" is settled.
      await lockMember(tx, memberId);
      const [sameEvent] = await tx
        .select()
        .from(tarotRecords)
        .where(
          and(
            eq(tarotRecords.chainId, event.chainId),
            eq(tarotRecords.txHash, txHash),
            eq(tarotRecords.logIndex, event.logIndex),
          ),
        );
      if (sameEvent) return { userId: sameEvent.userId, credited: false, day: sameEvent.day, points };
      const [creditedToday] = await tx
        .select({ chainId: tarotRecords.chainId })
        .from(tarotRecords)
        .where(
          and(eq(tarotRecords.userId, memberId), eq(tarotRecords.day, event.day), eq(tarotRecords.credited, true)),
        );
      const earns = !creditedToday && points > 0;
      const reference = earns ? await nextCreditReference(tx, "tarot", chainEventKey(event)) : null;
      const [row] = await tx
        .insert(tarotRecords)
        .values({
          userId: memberId,
          day: event.day,
          chainId: event.chainId,
          wallet,
          digest: event.digest.toLowerCase(),
          txHash,
          logIndex: event.logIndex,
          creditReference: reference,
          credited: earns,
          createdAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      if (row) await onStored?.(tx);
      if (!row || !reference) return { userId: memberId, credited: false, day: event.day, points };
      const chainName = config.chains.find((chain) => chain.id === event.chainId)?.name;
      await grantPointsBatch(tx, [
        {
          userId: memberId,
          kind: "tarot",
          amount: points,
          reference,
          label: `Tarot reading recorded on ${chainName ?? `chain ${event.chainId}`}`,
          at: now(),
        },
      ]);
      return { userId: memberId, credited: true, day: event.day, points };
    });
  }

  /**
   * Undoes a tarot record whose block was orphaned by a reorg: the row goes and, if it earned the
   * day's points, a reversal takes them back as far as the balance allows.
   */
  async function revertTarotRecorded(tx: Transaction, event: ChainEventIdentity): Promise<Reversal | null> {
    const [row] = await tx
      .delete(tarotRecords)
      .where(
        and(
          eq(tarotRecords.chainId, event.chainId),
          eq(tarotRecords.txHash, event.txHash.toLowerCase()),
          eq(tarotRecords.logIndex, event.logIndex),
        ),
      )
      .returning();
    if (!row?.credited) return null;
    const reversal = await reverseCredit(
      tx,
      { kind: "tarot", reference: creditReference(row) },
      `chain reorganisation on chain ${row.chainId} dropped tarot record ${row.txHash}`,
      now(),
    );
    logger.warn(
      { userId: row.userId, chainId: row.chainId, txHash: row.txHash, day: row.day, ...reversal },
      "a credited tarot record was orphaned by a reorg: reversed",
    );
    return reversal;
  }

  /**
   * `creditTarotRecorded` for a path that saw the event before the indexer (a member-submitted
   * transaction hash, a confirmed relay): a record it stores joins the indexer's reorg window in the
   * same transaction (`recordFastPathEvent`), so a reorg that drops its block undoes it.
   */
  function creditSeenTarotRecorded(
    event: TarotRecordedEvent & { blockNumber: number },
    into: DatabaseOrTransaction = db,
  ): Promise<TarotRecordCredit | null> {
    return into.transaction((tx) =>
      creditTarotRecordedWith(
        event,
        tx,
        (credit) => credit(tx),
        (recordedIn) =>
          recordFastPathEvent(recordedIn, {
            ...event,
            contract: "Daily",
            name: "TarotRecorded",
            args: { wallet: event.wallet, day: event.day, digest: event.digest },
          }),
      ),
    );
  }

  return { creditTarotRecorded, creditTarotRecordedIn, creditSeenTarotRecorded, revertTarotRecorded };
}
