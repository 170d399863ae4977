import type { Logger } from "pino";
import type { ChainClients } from "../../chain/clients.js";
import type { SeenDailyEvent } from "../../chain/daily-transaction.js";
import type { Database, Transaction } from "../../db/client.js";
import type { SponsoredChains } from "./chain-state.js";
import type { relayerTransactions } from "./schema.js";

type SentRow = typeof relayerTransactions.$inferSelect;

/** How the relayer credits what a confirmed relay did, through the daily and tarot modules' idempotent paths. */
export interface RelayCredits {
  /** The check-ins of one receipt, in log order: for each, whether it stands credited. */
  checkIns(tx: Transaction, events: DailyEvent[]): Promise<boolean[]>;
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
