import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../db/client.js";
import { chainBlocks, chainEvents } from "./schema.js";

export type ContractName = "GenesisPass" | "Daily";

/** An event as stored and handed to the domain modules. Arguments are JSON (bigints as strings). */
export interface ChainEvent {
  chainId: number;
  contract: ContractName;
  name: string;
  args: Record<string, string>;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  blockTime: Date;
}

/** What a domain does with an event, and how it undoes it when the event's block is orphaned. */
export interface EventHandler {
  contract: ContractName;
  events: string[];
  apply(tx: Transaction, event: ChainEvent): Promise<void>;
  /**
   * Applies a batch of this handler's events (new ones, oldest first) with the same result as
   * `apply` on each in turn, as set operations and without savepoints. The indexer uses it when
   * present; reverts stay per event.
   */
  applyBatch?(tx: Transaction, events: ChainEvent[]): Promise<void>;
  revert(tx: Transaction, event: ChainEvent): Promise<void>;
}

export function toEvent(row: typeof chainEvents.$inferSelect): ChainEvent {
  return {
    chainId: row.chainId,
    contract: row.contract as ContractName,
    name: row.name,
    args: row.args as Record<string, string>,
    txHash: row.txHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash,
    blockTime: row.blockTime,
  };
}

/**
 * The indexed events of one token (`args.tokenId`) of a contract on a chain, oldest first,
 * optionally without one that is being rolled back: what a module re-derives its rows from.
 */
export async function eventsFor(
  db: DatabaseOrTransaction,
  query: { chainId: number; contract: ContractName; names: string[]; tokenId: string; without?: ChainEvent },
): Promise<ChainEvent[]> {
  const { tokenId, without, ...tokens } = query;
  const events = (await eventsForTokens(db, { ...tokens, tokenIds: [tokenId] })).get(tokenId) ?? [];
  return events.filter((event) => !(without && event.txHash === without.txHash && event.logIndex === without.logIndex));
}

/**
 * `eventsFor` for many tokens of one contract on one chain with one query: each token's indexed
 * events, oldest first (tokens without any are absent).
 */
export async function eventsForTokens(
  db: DatabaseOrTransaction,
  query: { chainId: number; contract: ContractName; names: string[]; tokenIds: string[] },
): Promise<Map<string, ChainEvent[]>> {
  const { chainId, contract, names, tokenIds } = query;
  const byToken = new Map<string, ChainEvent[]>();
  if (tokenIds.length === 0) return byToken;
  const rows = await db
    .select()
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, chainId),
        eq(chainEvents.contract, contract),
        inArray(chainEvents.name, names),
        inArray(sql`${chainEvents.args}->>'tokenId'`, tokenIds),
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  for (const row of rows) {
    const tokenId = (row.args as Record<string, string>).tokenId ?? "";
    const list = byToken.get(tokenId) ?? [];
    list.push(toEvent(row));
    byToken.set(tokenId, list);
  }
  return byToken;
}

/** A Daily event's wallet and GMT day, and where it happened: what its module's credit takes. */
export function dailyEventFields(event: ChainEvent) {
  return {
    wallet: event.args.wallet ?? "",
    day: Number(event.args.day),
    chainId: event.chainId,
    txHash: event.txHash,
    logIndex: event.logIndex,
    blockHash: event.blockHash,
    blockTime: event.blockTime,
  };
}

/** The order events happened in (block, then log index): negative when `a` came first. */
export function compareEvents(a: ChainEvent, b: ChainEvent): number {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
}

/** Whether event `a` happened after event `b`. */
export function isAfter(a: ChainEvent, b: ChainEvent): boolean {
  return compareEvents(a, b) > 0;
}

export function jsonArgs(args: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === "string" ? value.toLowerCase() : String(value),
    ]),
  );
}

/**
 * Records an event a fast path credited before the indexer reached its block (a member-submitted
 * transaction hash, a confirmed relay), as the indexer records what it applies, in the credit's
 * transaction: the event, so the indexer does not apply it again, and its block's hash, so the
 * indexer's reorg check compares that block and a reorg that drops it reverts the credit like any
 * other (issue 26, finding 15). A block hash already stored stays: if it differs, the chain has
 * reorganised and the indexer will roll back from there.
 */
export async function recordFastPathEvent(
  tx: Transaction,
  event: Omit<ChainEvent, "args"> & { args: Record<string, unknown> },
): Promise<void> {
  await recordFastPathEvents(tx, [event]);
}

/** `recordFastPathEvent` for the events of one receipt (a relayed batch), in two statements. */
export async function recordFastPathEvents(
  tx: Transaction,
  events: ReadonlyArray<Omit<ChainEvent, "args"> & { args: Record<string, unknown> }>,
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(chainEvents)
    .values(
      events.map((event) => ({
        chainId: event.chainId,
        txHash: event.txHash,
        logIndex: event.logIndex,
        blockNumber: event.blockNumber,
        blockHash: event.blockHash,
        blockTime: event.blockTime,
        contract: event.contract,
        name: event.name,
        args: jsonArgs(event.args),
      })),
    )
    .onConflictDoNothing();
  const blocks = new Map(events.map((event) => [`${event.chainId}:${event.blockNumber}`, event]));
  await tx
    .insert(chainBlocks)
    .values(
      [...blocks.values()].map((event) => ({
        chainId: event.chainId,
        number: event.blockNumber,
        hash: event.blockHash,
        timestamp: event.blockTime,
      })),
    )
    .onConflictDoNothing();
}
