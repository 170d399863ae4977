import { hostname } from "node:os";
import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { type Abi, type Log, parseEventLogs } from "viem";
import type { ChainConfig } from "../config.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../db/client.js";
import type { ChainClients } from "./clients.js";
import { type ChainEvent, type ContractName, compareEvents, type EventHandler, jsonArgs, toEvent } from "./events.js";
import { appMeta, chainBlocks, chainCursors, chainEvents, chainIndexerStatus } from "./schema.js";

export interface IndexerOptions {
  db: Database;
  clients: ChainClients;
  chains: ChainConfig[];
  handlers: EventHandler[];
  logger: Logger;
  /** Blocks per getLogs call. */
  blockRange?: number;
  /** How far back block hashes are kept and compared to notice a reorg. */
  reorgWindow?: number;
  /**
   * Events applied per database transaction (whole blocks, so a bigger block stays whole); the
   * cursor moves with each, so a failure keeps what came before. A handler without `applyBatch`
   * credits each event in a savepoint, and PostgreSQL keeps a lock per savepoint until the
   * transaction ends: a whole range in one transaction would run out of lock memory at a few
   * thousand such credits.
   */
  eventsPerTransaction?: number;
  /** getBlock calls in flight at once while a range is read. */
  blockFetchConcurrency?: number;
  /** Pause between passes once caught up, and the first retry delay after an RPC error. */
  pollMs?: number;
  maxBackoffMs?: number;
  /** Runs `fn` only while this process leads (PostgreSQL advisory lock); PGlite leads alone. */
  withLeadership?: (fn: (lost: AbortSignal) => Promise<void>) => Promise<void>;
  /** Names this process in the status the operator console shows (host:pid by default). */
  instance?: string;
  /** The clock of its reports (the console and the lag series compare them with the app's). */
  now?: () => Date;
}

const abis: Record<ContractName, Abi> = { GenesisPass: genesisPassAbi, Daily: dailyAbi };

function contractsOf(chain: ChainConfig): Array<{ name: ContractName; address: `0x${string}` }> {
  const list: Array<{ name: ContractName; address: `0x${string}` }> = [];
  if (chain.genesisPassAddress) list.push({ name: "GenesisPass", address: chain.genesisPassAddress });
  if (chain.dailyAddress) list.push({ name: "Daily", address: chain.dailyAddress });
  return list;
}

/**
 * Follows GenesisPass and Daily events on every configured chain into the database: bounded
 * block ranges, N confirmations, a cursor per chain and contract, reorg rollback, RPC back-off.
 */
export function createIndexer(options: IndexerOptions) {
  const { db, clients, logger } = options;
  const blockRange = options.blockRange ?? 2_000;
  const reorgWindow = options.reorgWindow ?? 64;
  const eventsPerTransaction = options.eventsPerTransaction ?? 250;
  const blockFetchConcurrency = options.blockFetchConcurrency ?? 8;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const now = options.now ?? (() => new Date());
  const handles = (handler: EventHandler, event: ChainEvent) =>
    handler.contract === event.contract && handler.events.includes(event.name);

  /** A restarted local chain has a new genesis: forget everything derived from the old one. */
  async function checkGenesis(chain: ChainConfig) {
    const genesis = await clients.client(chain.id).getBlock({ blockNumber: 0n });
    const key = `chain:${chain.id}:genesis`;
    const [known] = await db.select().from(appMeta).where(eq(appMeta.key, key));
    if (known?.value === genesis.hash) return;
    await db.transaction(async (tx) => {
      if (known) {
        logger.warn(
          { chainId: chain.id },
          "chain has a new genesis block: resetting what was indexed from the old one",
        );
        const events = await tx
          .select()
          .from(chainEvents)
          .where(eq(chainEvents.chainId, chain.id))
          .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex));
        for (const row of events) await revertEvent(tx, row);
        await tx.delete(chainEvents).where(eq(chainEvents.chainId, chain.id));
        await tx.delete(chainBlocks).where(eq(chainBlocks.chainId, chain.id));
        await tx.delete(chainCursors).where(eq(chainCursors.chainId, chain.id));
      }
      await tx
        .insert(appMeta)
        .values({ key, value: genesis.hash })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: genesis.hash, updatedAt: new Date() } });
    });
  }

  /**
   * Hands a batch's new events (oldest first) to each handler in turn: all of a handler's events at
   * once through `applyBatch` when it has one, else one by one. Handlers of one contract own
   * separate tables, so one's events never wait on another's.
   */
  async function applyEvents(tx: Transaction, events: ChainEvent[]) {
    if (events.length === 0) return;
    for (const handler of options.handlers) {
      const mine = events.filter((event) => handles(handler, event));
      if (mine.length === 0) continue;
      if (handler.applyBatch) await handler.applyBatch(tx, mine);
      else for (const event of mine) await handler.apply(tx, event);
    }
  }

  async function revertEvent(tx: Transaction, row: typeof chainEvents.$inferSelect) {
    const event = toEvent(row);
    for (const handler of options.handlers) if (handles(handler, event)) await handler.revert(tx, event);
  }

  /** Compares stored block hashes with the chain's; rolls back everything above the fork. */
  async function handleReorg(chain: ChainConfig): Promise<number | null> {
    const client = clients.client(chain.id);
    const stored = await db
      .select()
      .from(chainBlocks)
      .where(eq(chainBlocks.chainId, chain.id))
      .orderBy(desc(chainBlocks.number))
      .limit(reorgWindow);
    if (stored.length === 0) return null;
    let fork: number | null = null;
    for (const block of stored) {
      const current = await client.getBlock({ blockNumber: BigInt(block.number) }).catch((error: unknown) => {
        if (error instanceof Error && error.name === "BlockNotFoundError") return null;
        throw error;
      });
      if (current?.hash === block.hash) {
        fork = block.number;
        break;
      }
    }
    const latest = stored[0];
    if (latest && fork === latest.number) return null;
    const forkPoint = fork ?? (stored.at(-1)?.number ?? 1) - 1;
    logger.warn({ chainId: chain.id, forkPoint }, "reorg detected: rolling back orphaned blocks");
    await db.transaction(async (tx) => {
      const orphaned = await tx
        .select()
        .from(chainEvents)
        .where(and(eq(chainEvents.chainId, chain.id), gt(chainEvents.blockNumber, forkPoint)))
        .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex));
      for (const row of orphaned) await revertEvent(tx, row);
      await tx
        .delete(chainEvents)
        .where(and(eq(chainEvents.chainId, chain.id), gt(chainEvents.blockNumber, forkPoint)));
      await tx.delete(chainBlocks).where(and(eq(chainBlocks.chainId, chain.id), gt(chainBlocks.number, forkPoint)));
      await tx
        .update(chainCursors)
        .set({ nextBlock: sql`least(${chainCursors.nextBlock}, ${forkPoint + 1})`, updatedAt: new Date() })
        .where(eq(chainCursors.chainId, chain.id));
    });
    return forkPoint;
  }

  /** Indexes one bounded range per contract. Returns true when every contract is caught up. */
  async function indexChainOnce(chain: ChainConfig): Promise<boolean> {
    const client = clients.client(chain.id);
    await handleReorg(chain);
    const head = Number(await client.getBlockNumber());
    const safe = head - chain.confirmations;
    let caughtUp = true;
    for (const contract of contractsOf(chain)) {
      const [cursor] = await db
        .select()
        .from(chainCursors)
        .where(and(eq(chainCursors.chainId, chain.id), eq(chainCursors.contract, contract.name)));
      const from = cursor?.nextBlock ?? chain.deployBlock;
      if (from > safe) continue;
      const to = Math.min(from + blockRange - 1, safe);
      if (to < safe) caughtUp = false;

      const logs = await client.getLogs({ address: contract.address, fromBlock: BigInt(from), toBlock: BigInt(to) });
      const parsed = parseEventLogs({ abi: abis[contract.name], logs: logs as Log[], strict: false }).sort(
        (a, b) => Number(a.blockNumber) - Number(b.blockNumber) || (a.logIndex ?? 0) - (b.logIndex ?? 0),
      );
      const blockNumbers = [...new Set<number>([...parsed.map((log) => Number(log.blockNumber)), to])];
      const blocks = new Map<number, { hash: string; time: Date }>();
      for (let start = 0; start < blockNumbers.length; start += blockFetchConcurrency) {
        await Promise.all(
          blockNumbers.slice(start, start + blockFetchConcurrency).map(async (number) => {
            const block = await client.getBlock({ blockNumber: BigInt(number) });
            blocks.set(number, { hash: block.hash, time: new Date(Number(block.timestamp) * 1000) });
          }),
        );
      }
      // A log names the block it came from. If a header fetched a moment later has another hash, the
      // chain reorganised in between: store nothing of this range and read it again.
      const moved = parsed.find((log) => log.blockHash !== blocks.get(Number(log.blockNumber))?.hash);
      if (moved) {
        logger.warn(
          { chainId: chain.id, block: Number(moved.blockNumber), logBlockHash: moved.blockHash },
          "a block changed while its range was read (reorg): reading the range again",
        );
        return false;
      }

      // Whole blocks per transaction, a new one once eventsPerTransaction events are in; the cursor
      // moves with each, and the last one ends at `to`.
      const batches: Array<{ logs: typeof parsed; last: number }> = [];
      for (const log of parsed) {
        const number = Number(log.blockNumber);
        const current = batches.at(-1);
        if (current && (current.last === number || current.logs.length < eventsPerTransaction)) {
          current.logs.push(log);
          current.last = number;
        } else batches.push({ logs: [log], last: number });
      }
      const final = batches.at(-1);
      if (final) final.last = to;
      else batches.push({ logs: [], last: to });

      for (const { logs: batchLogs, last } of batches) {
        await db.transaction(async (tx) => {
          // The batch's events in one insert; those already stored (a range read again) come back
          // from none, so nothing is applied twice.
          const rows = new Map<string, typeof chainEvents.$inferInsert>();
          for (const log of batchLogs) {
            if (!log.eventName || log.transactionHash === null || log.logIndex === null) continue;
            const number = Number(log.blockNumber);
            const block = blocks.get(number);
            if (!block) continue;
            rows.set(`${log.transactionHash}:${log.logIndex}`, {
              chainId: chain.id,
              txHash: log.transactionHash,
              logIndex: log.logIndex,
              blockNumber: number,
              blockHash: log.blockHash ?? block.hash,
              blockTime: block.time,
              contract: contract.name,
              name: log.eventName,
              args: jsonArgs(log.args),
            });
          }
          const inserted =
            rows.size === 0
              ? []
              : await tx
                  .insert(chainEvents)
                  .values([...rows.values()])
                  .onConflictDoNothing()
                  .returning();
          await applyEvents(tx, inserted.map(toEvent).sort(compareEvents));
          const blockRows = [...new Set([...batchLogs.map((log) => Number(log.blockNumber)), last])].flatMap(
            (number) => {
              const block = blocks.get(number);
              return block ? [{ chainId: chain.id, number, hash: block.hash, timestamp: block.time }] : [];
            },
          );
          if (blockRows.length > 0) {
            await tx
              .insert(chainBlocks)
              .values(blockRows)
              .onConflictDoUpdate({
                target: [chainBlocks.chainId, chainBlocks.number],
                set: { hash: sql`excluded.hash`, timestamp: sql`excluded.timestamp` },
              });
          }
          await tx
            .insert(chainCursors)
            .values({ chainId: chain.id, contract: contract.name, nextBlock: last + 1 })
            .onConflictDoUpdate({
              target: [chainCursors.chainId, chainCursors.contract],
              set: { nextBlock: last + 1, updatedAt: new Date() },
            });
          // Keep only the reorg window of block hashes.
          await tx
            .delete(chainBlocks)
            .where(and(eq(chainBlocks.chainId, chain.id), sql`${chainBlocks.number} < ${last - reorgWindow * 4}`));
        });
      }
    }
    await reportProgress(chain, head);
    return caughtUp;
  }

  /** Writes where the chain's head and our indexing stand, for the operator console. */
  async function reportProgress(chain: ChainConfig, head: number) {
    const [progress] = await db
      .select({ next: sql<number | null>`min(${chainCursors.nextBlock})` })
      .from(chainCursors)
      .where(eq(chainCursors.chainId, chain.id));
    const indexedBlock = progress?.next == null ? null : Number(progress.next) - 1;
    const [block] =
      indexedBlock === null
        ? []
        : await db
            .select({ timestamp: chainBlocks.timestamp })
            .from(chainBlocks)
            .where(and(eq(chainBlocks.chainId, chain.id), eq(chainBlocks.number, indexedBlock)));
    const values = {
      headBlock: head,
      indexedBlock,
      indexedTime: block?.timestamp ?? null,
      leader: instance,
      updatedAt: now(),
    };
    await db
      .insert(chainIndexerStatus)
      .values({ chainId: chain.id, ...values })
      .onConflictDoUpdate({ target: chainIndexerStatus.chainId, set: values });
  }

  // `updated_at` stays at the last completed pass: a failing indexer's report grows old, and lag with it.
  async function reportError(chain: ChainConfig, error: unknown) {
    const values = {
      lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      lastErrorAt: now(),
      leader: instance,
    };
    await db
      .insert(chainIndexerStatus)
      .values({ chainId: chain.id, ...values })
      .onConflictDoUpdate({ target: chainIndexerStatus.chainId, set: values })
      .catch(() => {});
  }

  const chains = () => options.chains.filter((chain) => contractsOf(chain).length > 0);
  let running = false;
  const wakers = new Set<() => void>();
  let loop: Promise<void> | null = null;

  async function followChain(chain: ChainConfig, lost: AbortSignal) {
    const pollMs = options.pollMs ?? 2_000;
    const maxBackoff = options.maxBackoffMs ?? 30_000;
    let backoff = pollMs;
    let genesisChecked = false;
    while (running && !lost.aborted) {
      try {
        if (!genesisChecked) {
          await checkGenesis(chain);
          genesisChecked = true;
        }
        const caughtUp = await indexChainOnce(chain);
        backoff = pollMs;
        if (caughtUp) await pause(pollMs, lost);
      } catch (error) {
        logger.warn({ chainId: chain.id, err: error, retryInMs: backoff }, "indexer: RPC or database error, retrying");
        await reportError(chain, error);
        await pause(backoff, lost);
        backoff = Math.min(backoff * 2, maxBackoff);
      }
    }
  }

  function pause(ms: number, lost: AbortSignal) {
    return new Promise<void>((resolve) => {
      // Leadership may have gone while an error was being recorded: an aborted signal fires no event.
      if (lost.aborted) {
        resolve();
        return;
      }
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        lost.removeEventListener("abort", wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
      lost.addEventListener("abort", wake, { once: true });
    });
  }

  return {
    /** One pass over every chain until caught up (tests, and `npm run indexer -- --once`). */
    async syncAll(): Promise<void> {
      for (const chain of chains()) {
        await checkGenesis(chain);
        while (!(await indexChainOnce(chain))) {}
      }
    },
    start() {
      if (running) return;
      running = true;
      const lead = options.withLeadership ?? ((fn) => fn(new AbortController().signal));
      loop = lead(async (lost) => {
        await Promise.all(chains().map((chain) => followChain(chain, lost)));
      });
    },
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await loop;
    },
  };
}
export type Indexer = ReturnType<typeof createIndexer>;

export type ChainIndexerStatus = typeof chainIndexerStatus.$inferSelect;

/** What the indexer last reported per chain (the operator console's Chains page). */
export function chainIndexerStatuses(db: DatabaseOrTransaction): Promise<ChainIndexerStatus[]> {
  return db.select().from(chainIndexerStatus);
}
