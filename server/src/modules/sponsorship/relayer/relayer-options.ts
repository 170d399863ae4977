import type { Logger } from "pino";
import type { ChainClients } from "../../../chain/clients.js";
import type { Config } from "../../../config.js";
import type { Database } from "../../../db/client.js";
import type { Economy } from "../../../economy.js";
import type { relayerTransactions } from "../schema.js";
import type { SponsoredChains } from "./chain-state.js";

type SentRow = typeof relayerTransactions.$inferSelect;

export interface RelayerOptions {
  db: Database;
  chains: SponsoredChains;
  chainClients: ChainClients;
  /**
   * What the credit rules read (points per check-in and record, chain names, the tarot draw secret):
   * a confirmed relay is credited through the daily and tarot modules' api.ts, as every fast path.
   */
  economy: Economy;
  config: Pick<Config, "chains" | "tarotDrawSecret">;
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
