import type { Logger } from "pino";
import type { ChainConfig, Config } from "../config.js";
import type { ChainClients } from "./clients.js";

/** One chain's RPC as this server last saw it. */
export interface RpcStatus {
  chain: string;
  chainId: number;
  /** The last probe answered, with the configured chain id. */
  up: boolean;
  /** When the RPC last answered with the configured chain id (null: never since the start). */
  lastSuccessAt: Date | null;
  /** The chain id the RPC last said it serves (null: never answered). */
  servedChainId: number | null;
  /** The newest head the RPC reported (kept through an outage). */
  head: number | null;
  /** The current failure, with when it was seen; null once the RPC answers again. */
  error: { message: string; at: Date } | null;
  checkedAt: Date;
}

/** How often a status is read again when asked for (metrics, `/readyz`, the relay path). */
const PROBE_EVERY_MS = 5_000;

/** The chain-id mismatch, as production's start-up refusal and the logs word it. */
export function chainIdMismatch(chain: Pick<ChainConfig, "key" | "id">, envPrefix: string, served: number): string {
  return `${envPrefix}_RPC_URL serves chain id ${served}, but ${chain.key} is chain id ${chain.id}: point ${envPrefix}_RPC_URL at a ${chain.key} node (or fix CHAINS)`;
}

/**
 * Asks each chain's RPC for its chain id and head block, on demand at most every 5 s: whether it is up
 * (`arcana_rpc_up`), when it last answered (`/readyz` turns degraded after `rpcDownAfterSeconds`), and
 * whether it still serves the configured chain (a node swapped behind the URL marks the chain down).
 */
export function createRpcHealth(deps: {
  config: Pick<Config, "chains" | "rpcDownAfterSeconds">;
  chainClients: ChainClients;
  envPrefix: (chain: ChainConfig) => string;
  logger: Logger;
  now: () => Date;
}) {
  const { config, chainClients, logger, now } = deps;
  const startedAt = now();
  const statuses = new Map<number, RpcStatus>();
  const reading = new Map<number, Promise<RpcStatus>>();

  async function probe(chain: ChainConfig): Promise<RpcStatus> {
    const before = statuses.get(chain.id);
    const checkedAt = now();
    const base = {
      chain: chain.key,
      chainId: chain.id,
      lastSuccessAt: before?.lastSuccessAt ?? null,
      servedChainId: before?.servedChainId ?? null,
      head: before?.head ?? null,
      checkedAt,
    };
    let status: RpcStatus;
    try {
      const client = chainClients.client(chain.id);
      const [served, head] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
      if (served !== chain.id) {
        const message = chainIdMismatch(chain, deps.envPrefix(chain), served);
        status = { ...base, up: false, servedChainId: served, error: { message, at: before?.error?.at ?? checkedAt } };
      } else {
        status = {
          ...base,
          up: true,
          servedChainId: served,
          head: Number(head),
          lastSuccessAt: checkedAt,
          error: null,
        };
      }
    } catch (failure) {
      const message = (failure instanceof Error ? failure.message : String(failure)).split("\n")[0] ?? "no answer";
      // The outage's first failure dates it; a later, different message is the one shown.
      status = { ...base, up: false, error: { message, at: before?.error?.at ?? checkedAt } };
    }
    statuses.set(chain.id, status);
    if (!status.up && before?.up !== false)
      logger.error({ chain: chain.key }, `RPC of ${chain.key}: ${status.error?.message}`);
    if (status.up && before?.up === false) logger.info({ chain: chain.key }, `RPC of ${chain.key} answers again`);
    return status;
  }

  function current(chain: ChainConfig): Promise<RpcStatus> {
    let pending = reading.get(chain.id);
    if (!pending) {
      pending = probe(chain).finally(() => reading.delete(chain.id));
      reading.set(chain.id, pending);
    }
    return pending;
  }

  return {
    /** Every chain's RPC, asked now. */
    check: () => Promise.all(config.chains.map((chain) => current(chain))),
    /** What the last probes said, without waiting on an RPC; chains not asked for 5 s are asked again meanwhile. */
    known(): RpcStatus[] {
      for (const chain of config.chains) {
        const known = statuses.get(chain.id);
        if (!known || now().getTime() - known.checkedAt.getTime() >= PROBE_EVERY_MS) void current(chain);
      }
      return [...statuses.values()];
    },
    /** Seconds since the RPC last answered (since the start when it never has). */
    lastSuccessAgeSeconds(status: RpcStatus): number {
      const since = status.lastSuccessAt ?? startedAt;
      return Math.max(0, (now().getTime() - since.getTime()) / 1000);
    },
    /**
     * Why `/readyz` calls the chain degraded, or null: a node serving another chain at once, an RPC that
     * has not answered for `rpcDownAfterSeconds` (a blip of a few seconds is no outage).
     */
    degradedReason(status: RpcStatus): string | null {
      if (status.up || !status.error) return null;
      if (status.servedChainId !== null && status.servedChainId !== status.chainId) return status.error.message;
      const age = this.lastSuccessAgeSeconds(status);
      if (age < config.rpcDownAfterSeconds) return null;
      return `RPC of ${status.chain} has not answered for ${Math.round(age)} s (since ${status.error.at.toISOString()}): ${status.error.message}`;
    },
  };
}
export type RpcHealth = ReturnType<typeof createRpcHealth>;

/**
 * At start (the server, `npm run indexer`): a chain whose RPC serves another chain id stops production with one line
 * naming the variable and both ids (members would sign for one chain and send to another); development warns.
 */
export async function checkChainIdsAtStart(health: RpcHealth, options: { isProduction: boolean; logger: Logger }) {
  for (const mismatch of await chainIdMismatchesAtStart(health, 10_000)) {
    if (options.isProduction) {
      options.logger.fatal(mismatch);
      options.logger.flush();
      process.exit(1);
      return;
    }
    options.logger.warn(mismatch);
  }
}

/**
 * The start-up check: each chain's RPC asked for its chain id (for at most `waitMs`: an RPC that is
 * down is an outage the server rides through, not a wrong configuration). Returns the mismatches.
 */
export async function chainIdMismatchesAtStart(health: RpcHealth, waitMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RpcStatus[]>((resolve) => {
    timer = setTimeout(() => resolve(health.known()), waitMs);
  });
  const statuses = await Promise.race([health.check(), timeout]).finally(() => clearTimeout(timer));
  return statuses.flatMap((status) =>
    status.servedChainId !== null && status.servedChainId !== status.chainId && status.error
      ? [status.error.message]
      : [],
  );
}
