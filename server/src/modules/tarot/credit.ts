import { DAY_MS, gmtDate } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import { chainEventKey } from "../../chain/event-key.js";
import { type ChainEvent, dailyEventFields } from "../../chain/events.js";
import type { Config } from "../../config.js";
import type { Database, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import {
  type CreditedChainEvent,
  type CreditOutcome,
  createChainCreditPipeline,
  sameChainEvent,
} from "../chain-credits/api.js";
import { grantPointsBatch, nextCreditReference } from "../ledger/api.js";
import { lockMember, memberIdByWalletAt } from "../users/api.js";
import { type DrawnTarotCard, tarotDigest } from "./rules.js";
import { tarotRecords } from "./schema.js";

/** A `Daily.TarotRecorded` event, from the indexer or a member-submitted transaction. */
export interface TarotRecordedEvent extends CreditedChainEvent {
  digest: string;
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
  /** For the fast path by transaction hash (a relay's settlement has its receipt already). */
  chainClients?: ChainClients;
}

function tarotRecorded(event: ChainEvent): TarotRecordedEvent {
  return { ...dailyEventFields(event), digest: event.args.digest ?? "" };
}

/**
 * The one tarot credit rule (the day's first record of the member's own draw earns the points),
 * which the chain-credit pipeline runs for every path that reports the record (indexer, tx-hash
 * fast path, confirmed relay), and undoes when a reorg orphans the event's block.
 */
export function createTarotCredits({ db, config, economy, logger, now, drawFor, chainClients }: TarotCreditsDeps) {
  /**
   * Records the member's draw on a chain and credits the tarot points once per member per GMT day
   * (the day's first record, on any chain), once per event ever, to whoever held the wallet when
   * it was recorded. Null when nobody held it then, or the digest is not the member's draw.
   */
  async function creditTarotRecordedIn(
    tx: Transaction,
    event: TarotRecordedEvent,
  ): Promise<CreditOutcome<TarotRecordCredit>> {
    const wallet = event.wallet.toLowerCase();
    const txHash = event.txHash.toLowerCase();
    const memberId = await memberIdByWalletAt(tx, wallet, event.blockTime);
    if (!memberId) {
      logger.info(
        { wallet, day: event.day, chainId: event.chainId, txHash },
        "tarot record from a wallet no member held at the time",
      );
      return { credit: null, stored: false };
    }
    const date = gmtDate(event.day * DAY_MS);
    if (event.digest.toLowerCase() !== tarotDigest(date, drawFor(memberId, event.day))) {
      logger.warn(
        { userId: memberId, day: event.day, digest: event.digest },
        "tarot record does not match the day's draw",
      );
      return { credit: null, stored: false };
    }
    const points = economy.tarot.points;
    // One member's records run one at a time, so "the day's first record" is settled.
    await lockMember(tx, memberId);
    const [sameEvent] = await tx.select().from(tarotRecords).where(sameChainEvent(tarotRecords, event));
    if (sameEvent) {
      return { credit: { userId: sameEvent.userId, credited: false, day: sameEvent.day, points }, stored: false };
    }
    const [creditedToday] = await tx
      .select({ chainId: tarotRecords.chainId })
      .from(tarotRecords)
      .where(and(eq(tarotRecords.userId, memberId), eq(tarotRecords.day, event.day), eq(tarotRecords.credited, true)));
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
    const uncredited = { userId: memberId, credited: false, day: event.day, points };
    if (!row || !reference) return { credit: uncredited, stored: row !== undefined };
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
    return { credit: { ...uncredited, credited: true }, stored: true };
  }

  const pipeline = createChainCreditPipeline({
    db,
    logger,
    now,
    chainClients,
    eventName: "TarotRecorded",
    kind: "tarot",
    noun: "tarot record",
    fromChainEvent: tarotRecorded,
    fromVerified: (verified) => ({ ...verified.seen, digest: verified.args.digest }),
    chainArgs: (event) => ({ wallet: event.wallet, day: event.day, digest: event.digest }),
    // Few events, each checked against the member's draw: one at a time, in the order given.
    async creditIn(tx, events) {
      const outcomes: Array<CreditOutcome<TarotRecordCredit>> = [];
      for (const event of events) outcomes.push(await creditTarotRecordedIn(tx, event));
      return outcomes;
    },
    removeRow: async (tx, event) =>
      (await tx.delete(tarotRecords).where(sameChainEvent(tarotRecords, event)).returning())[0],
    // Only the day's first record earned points; a later one's row just goes.
    earned: (row) => row.credited,
    refusals: {
      uncredited: {
        code: "bad_request",
        message:
          "This transaction recorded a different draw than your cards for that day, or was made before your wallet was bound to your account.",
      },
      creditedElsewhere: "This tarot record was already credited to another account.",
    },
  });

  return {
    /** The tarot credit of one record in its own transaction (a savepoint inside `into`'s). */
    creditTarotRecorded: pipeline.credit,
    /**
     * Undoes a tarot record whose block was orphaned by a reorg: the row goes and, if it earned the
     * day's points, a reversal takes them back as far as the balance allows.
     */
    revertTarotRecorded: pipeline.revert,
    /** The same credit for the fast paths (`creditSeen`, `creditSubmitted`) and the indexer (`eventHandler`). */
    pipeline,
  };
}
