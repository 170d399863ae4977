import { genesisPassAbi } from "@arcana/contracts";
import type { Logger } from "pino";
import type { ChainConfig } from "../config.js";
import { ApiError } from "../shared/errors.js";
import type { AuthorizationSigner } from "./signer.js";

/** A chain's GenesisPass authorizer against this server's signer: `matches` null when it could not be read. */
export interface SignerStatus {
  chain: string;
  chainId: number;
  signer: `0x${string}`;
  authorizer: `0x${string}` | null;
  matches: boolean | null;
  checkedAt: Date;
  /** When `authorizer` was read (a failed read keeps the last one read, and its time). */
  readAt: Date | null;
  error?: string;
}

/**
 * Each chain's authorizer is read again this often in the background (`watch`), and a status older than this is read
 * again when asked: a change shows in `/readyz`, the metrics and the refusals within this plus one RPC answer, inside
 * the 30 s docs/operating.md promises. (It was read only when asked, once older than 30 s, and the asker got the old
 * answer while the new one was read: a poller every 10 s saw a change 36–40 s late.)
 */
export const SIGNER_RECHECK_MS = 15_000;

/**
 * Compares each chain's `GenesisPass.authorizer()` with the signer's address: at start-up, in `/readyz`
 * and before every authorization, so a rotated key that the contracts do not know is refused here
 * (503 `signer_not_authorizer`) instead of signing what the chain will revert with `InvalidSigner`.
 */
/** What the check reads of each chain: `GenesisPass.authorizer()`, its only RPC call. */
export interface AuthorizerReader {
  client(chainId: number): {
    readContract(call: {
      address: `0x${string}`;
      abi: typeof genesisPassAbi;
      functionName: "authorizer";
    }): Promise<unknown>;
  };
}

export function createSignerHealth(deps: {
  config: { chains: ReadonlyArray<Pick<ChainConfig, "key" | "id" | "genesisPassAddress">> };
  chainClients: AuthorizerReader;
  signer: AuthorizationSigner;
  logger: Logger;
  now: () => Date;
  /** Every chain's state after each read (metrics). */
  onStatus?: (status: SignerStatus) => void;
}) {
  const { config, chainClients, signer, logger, now } = deps;
  const statuses = new Map<number, SignerStatus>();
  const reading = new Map<number, Promise<SignerStatus>>();

  async function read(chainId: number): Promise<SignerStatus> {
    const chain = config.chains.find((c) => c.id === chainId);
    if (!chain?.genesisPassAddress) throw new Error(`chain ${chainId} has no GenesisPass`);
    const checkedAt = now();
    let authorizer: `0x${string}` | null = null;
    let error: string | undefined;
    try {
      authorizer = (await chainClients.client(chainId).readContract({
        address: chain.genesisPassAddress,
        abi: genesisPassAbi,
        functionName: "authorizer",
      })) as `0x${string}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    // The signer's address is derived once the chain has answered: the first check starts with the server, and
    // deriving it (the curve's tables, about 50 ms) must not hold up the start.
    const base = { chain: chain.key, chainId, signer: signer.address, checkedAt };
    const before = statuses.get(chainId);
    // An RPC outage says nothing new about the authorizer: the last answer stays, with its age (metrics).
    const status: SignerStatus =
      authorizer === null
        ? {
            ...base,
            authorizer: before?.authorizer ?? null,
            matches: before?.matches ?? null,
            readAt: before?.readAt ?? null,
            error,
          }
        : {
            ...base,
            authorizer,
            matches: authorizer.toLowerCase() === signer.address.toLowerCase(),
            readAt: checkedAt,
          };
    statuses.set(chainId, status);
    deps.onStatus?.(status);
    if (status.matches === false && before?.matches !== false) {
      logger.error(
        { chain: chain.key, signer: signer.address, authorizer: status.authorizer },
        `SIGNER_PRIVATE_KEY signs as ${signer.address}, but GenesisPass on ${chain.key} accepts ${status.authorizer}: mint and unstake authorizations are refused until they match (npm run admin -- chain set-authorizer)`,
      );
    }
    return status;
  }

  function current(chainId: number, fresh = false): Promise<SignerStatus> {
    const known = statuses.get(chainId);
    if (!fresh && known && now().getTime() - known.checkedAt.getTime() < SIGNER_RECHECK_MS) {
      return Promise.resolve(known);
    }
    let pending = reading.get(chainId);
    if (!pending) {
      pending = read(chainId).finally(() => reading.delete(chainId));
      reading.set(chainId, pending);
    }
    return pending;
  }

  const chainsWithPass = () => config.chains.filter((chain) => chain.genesisPassAddress);

  return {
    /** Every chain with a GenesisPass, read afresh when older than SIGNER_RECHECK_MS. */
    check: () => Promise.all(chainsWithPass().map((chain) => current(chain.id))),
    /**
     * Reads every chain's authorizer every SIGNER_RECHECK_MS until the returned function is called. `every` schedules
     * (setInterval by default; a test's clock drives its own).
     */
    watch(
      every: (run: () => void, ms: number) => () => void = (run, ms) => {
        const timer = setInterval(run, ms);
        timer.unref();
        return () => clearInterval(timer);
      },
    ): () => void {
      return every(() => {
        for (const chain of chainsWithPass()) void current(chain.id, true).catch(() => {});
      }, SIGNER_RECHECK_MS);
    },
    /** What the last reads said, without waiting on an RPC (`/readyz`); stale chains are read again meanwhile. */
    known(): SignerStatus[] {
      for (const chain of chainsWithPass()) void current(chain.id).catch(() => {});
      return [...statuses.values()];
    },
    /** Refuses (503 `signer_not_authorizer`) when the chain is known to accept another authorizer. */
    async require(chainId: number) {
      const status = await current(chainId);
      if (status.matches === false) {
        throw new ApiError(
          "signer_not_authorizer",
          `This server's signing key is not the one the ${status.chain} contracts accept, so it cannot authorize this now. The operators have been told; try again later.`,
        );
      }
    },
  };
}
export type SignerHealth = ReturnType<typeof createSignerHealth>;

/** The signer, refusing to sign for a chain whose contracts accept another authorizer. */
export function checkedSigner(signer: AuthorizationSigner, health: SignerHealth): AuthorizationSigner {
  return {
    get address() {
      return signer.address;
    },
    signMint: async (input) => {
      await health.require(input.chainId);
      return signer.signMint(input);
    },
    signUnstake: async (input) => {
      await health.require(input.chainId);
      return signer.signUnstake(input);
    },
  };
}
