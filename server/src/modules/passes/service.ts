import { genesisPassAbi } from "@arcana/contracts";
import { dedupePasses, isValidEmail, normalizeEmail, type Pass } from "@arcana/protocol";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getAddress, isAddress } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { ChainEventIdentity } from "../../chain/event-key.js";
import { type ChainEvent, type EventHandler, eventsFor, eventsForTokens, isAfter } from "../../chain/events.js";
import { AUTHORIZATION_TTL_SECONDS, type AuthorizationSigner } from "../../chain/signer.js";
import type { ChainConfig, Config } from "../../config.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../shared/errors.js";
import type { Authenticated } from "../auth/api.js";
import { type PassState, passStateFromEvents } from "./rules.js";
import { allowlist, passes } from "./schema.js";

type Member = Authenticated["user"];
export type PassRow = typeof passes.$inferSelect;

const passEventNames = ["Transfer", "Staked", "Unstaked"];

/** The events of one pass on one chain, oldest first, optionally without one being rolled back. */
function passEvents(db: DatabaseOrTransaction, chainId: number, tokenId: string, without?: ChainEvent) {
  return eventsFor(db, { chainId, contract: "GenesisPass", names: passEventNames, tokenId, without });
}

/**
 * Locks the pass `tokenId` the member's bound wallet holds (on `chainId`, or on any chain, the
 * staked one first) until the transaction ends. Refuses a member without a wallet, someone else's
 * pass and a pass that does not exist.
 */
export async function lockOwnedPass(tx: Transaction, member: Member, tokenId: number, chainId?: number) {
  const wallet = member.wallet_address?.toLowerCase();
  if (!wallet) throw new ApiError("wallet_required", "Bind a wallet to your account first.");
  const rows = await tx
    .select()
    .from(passes)
    .where(and(eq(passes.tokenId, tokenId), chainId ? eq(passes.chainId, chainId) : undefined))
    .orderBy(desc(passes.staked))
    .for("update");
  const pass = rows.find((row) => row.owner === wallet);
  if (!pass) {
    if (rows.length > 0) throw new ApiError("forbidden", `Genesis Pass #${tokenId} is not yours.`);
    throw new ApiError("not_found", `There is no Genesis Pass #${tokenId}.`);
  }
  return pass;
}

/** The staked passes a wallet holds, by chain and token id; locked until the transaction ends when `lock`. */
export async function stakedPasses(
  db: DatabaseOrTransaction,
  wallet: string,
  options: { lock?: boolean } = {},
): Promise<PassRow[]> {
  const query = db
    .select()
    .from(passes)
    .where(and(eq(passes.owner, wallet.toLowerCase()), eq(passes.staked, true)))
    .orderBy(asc(passes.chainId), asc(passes.tokenId));
  return options.lock ? query.for("update") : query;
}

/** How many Genesis Passes these wallets hold and have staked, and when the first was minted (tasks, referrals). */
export async function passesHeldBy(
  db: DatabaseOrTransaction,
  wallets: string[],
): Promise<Map<string, { held: number; staked: number; firstMintedAt: Date }>> {
  const held = new Map<string, { held: number; staked: number; firstMintedAt: Date }>();
  if (wallets.length === 0) return held;
  const rows = await db
    .select({ owner: passes.owner, staked: passes.staked, mintedAt: passes.mintedAt })
    .from(passes)
    .where(
      inArray(
        passes.owner,
        wallets.map((wallet) => wallet.toLowerCase()),
      ),
    );
  for (const row of rows) {
    const entry = held.get(row.owner) ?? { held: 0, staked: 0, firstMintedAt: row.mintedAt };
    entry.held += 1;
    if (row.staked) entry.staked += 1;
    if (row.mintedAt < entry.firstMintedAt) entry.firstMintedAt = row.mintedAt;
    held.set(row.owner, entry);
  }
  return held;
}

/**
 * Passes' states (one, or the indexer's batches at once): one upsert of those that exist, one
 * delete of those that do not.
 */
async function writePassStates(
  db: DatabaseOrTransaction,
  chainId: number,
  states: ReadonlyArray<{ tokenId: number; state: PassState | null }>,
) {
  const gone = states.filter(({ state }) => state === null).map(({ tokenId }) => tokenId);
  if (gone.length > 0) await db.delete(passes).where(and(eq(passes.chainId, chainId), inArray(passes.tokenId, gone)));
  const rows = states.flatMap(({ tokenId, state }) => (state ? [{ chainId, tokenId, ...state }] : []));
  if (rows.length === 0) return;
  await db
    .insert(passes)
    .values(rows)
    .onConflictDoUpdate({
      target: [passes.chainId, passes.tokenId],
      set: {
        owner: sql`excluded.owner`,
        mintedAt: sql`excluded.minted_at`,
        staked: sql`excluded.staked`,
        stakedSince: sql`excluded.staked_since`,
      },
    });
}

/** What staking does when the indexer moves a pass out of a stake (see the staking service). */
export interface StakeSettlement {
  settleAtUnstake(tx: Transaction, pass: PassRow, unstakedAt: Date, event: ChainEventIdentity): Promise<unknown>;
  stakeOrphaned(tx: Transaction, pass: PassRow, stakedSince: Date, event: ChainEventIdentity): Promise<unknown>;
}

async function lockPassRow(tx: Transaction, chainId: number, tokenId: number) {
  const [pass] = await tx
    .select()
    .from(passes)
    .where(and(eq(passes.chainId, chainId), eq(passes.tokenId, tokenId)))
    .for("update");
  return pass;
}

/**
 * The passes table follows GenesisPass events: each pass is re-derived from its events, so
 * applying and rolling back are the same operation. Staking settles the still-staked pass
 * (locked) at an unstake's on-chain time, and takes back the claims of a stake a reorg dropped.
 */
export function passEventHandler(staking: StakeSettlement): EventHandler {
  /**
   * The pass as of `event`: from its events up to this one. The indexer stores a batch's events
   * before applying them, so later events of the batch are already there.
   */
  async function apply(tx: Transaction, event: ChainEvent) {
    const tokenId = event.args.tokenId ?? "0";
    if (event.name === "Unstaked") {
      const pass = await lockPassRow(tx, event.chainId, Number(tokenId));
      if (pass) await staking.settleAtUnstake(tx, pass, new Date(Number(event.args.at) * 1000), event);
    }
    const events = (await passEvents(tx, event.chainId, tokenId)).filter((other) => !isAfter(other, event));
    await writePassStates(tx, event.chainId, [{ tokenId: Number(tokenId), state: passStateFromEvents(events) }]);
  }

  return {
    contract: "GenesisPass",
    events: passEventNames,
    apply,
    /**
     * A batch: a pass with an `Unstaked` event in it is applied event by event (staking settles the
     * pass as it stood just before); every other pass is re-derived once, from one read of all
     * their events, and written with one upsert.
     */
    async applyBatch(tx, events) {
      const byPass = new Map<string, ChainEvent[]>();
      for (const event of events) {
        const key = `${event.chainId}:${event.args.tokenId ?? "0"}`;
        const passEvents = byPass.get(key);
        if (passEvents) passEvents.push(event);
        else byPass.set(key, [event]);
      }
      const settled: ChainEvent[][] = [];
      const derived = new Map<number, Array<{ tokenId: string; last: ChainEvent }>>();
      for (const passEventsInBatch of byPass.values()) {
        const last = passEventsInBatch.at(-1);
        if (!last) continue;
        if (passEventsInBatch.some((event) => event.name === "Unstaked")) settled.push(passEventsInBatch);
        else {
          const tokens = derived.get(last.chainId) ?? [];
          tokens.push({ tokenId: last.args.tokenId ?? "0", last });
          derived.set(last.chainId, tokens);
        }
      }
      for (const passEventsInBatch of settled) for (const event of passEventsInBatch) await apply(tx, event);
      for (const [chainId, tokens] of derived) {
        const history = await eventsForTokens(tx, {
          chainId,
          contract: "GenesisPass",
          names: passEventNames,
          tokenIds: tokens.map(({ tokenId }) => tokenId),
        });
        await writePassStates(
          tx,
          chainId,
          tokens.map(({ tokenId, last }) => ({
            tokenId: Number(tokenId),
            state: passStateFromEvents((history.get(tokenId) ?? []).filter((other) => !isAfter(other, last))),
          })),
        );
      }
    },
    async revert(tx, event) {
      const tokenId = event.args.tokenId ?? "0";
      if (event.name === "Staked") {
        const pass = await lockPassRow(tx, event.chainId, Number(tokenId));
        if (pass) await staking.stakeOrphaned(tx, pass, new Date(Number(event.args.since) * 1000), event);
      }
      const state = passStateFromEvents(await passEvents(tx, event.chainId, tokenId, event));
      await writePassStates(tx, event.chainId, [{ tokenId: Number(tokenId), state }]);
    },
  };
}

export interface PassServiceDeps {
  db: Database;
  config: Config;
  chainClients: ChainClients;
  signer: AuthorizationSigner;
  now: () => Date;
}

export function createPassService(deps: PassServiceDeps) {
  const { db, config, chainClients, signer, now } = deps;

  function chainFor(chainId: number | undefined): ChainConfig & { genesisPassAddress: `0x${string}` } {
    const chain = config.chains.find(
      (c) => c.id === (chainId ?? config.chains.find((d) => d.key === config.defaultChain)?.id),
    );
    if (!chain) throw new ApiError("bad_request", `Chain ${chainId} is not one this site runs on.`);
    if (!chain.genesisPassAddress)
      throw new ApiError("bad_request", `The Genesis Pass is not deployed on ${chain.key} yet.`);
    return chain as ChainConfig & { genesisPassAddress: `0x${string}` };
  }

  async function isAllowed(member: Member): Promise<boolean> {
    if (!config.allowlistEnabled) return true;
    const entries = [normalizeEmail(member.email), member.wallet_address?.toLowerCase()].filter(
      (entry): entry is string => Boolean(entry),
    );
    const found = await db.select().from(allowlist).where(inArray(allowlist.entry, entries)).limit(1);
    return found.length > 0;
  }

  return {
    isAllowed,
    chainFor,

    /** Whether a pass with this token id exists on any chain Arcana indexes. */
    async isMinted(tokenId: number): Promise<boolean> {
      const found = await db
        .select({ tokenId: passes.tokenId })
        .from(passes)
        .where(eq(passes.tokenId, tokenId))
        .limit(1);
      return found.length > 0;
    },

    /** The member's passes across chains, one row per token id, the staked entry preferred. */
    async myPasses(member: Member): Promise<Pass[]> {
      if (!member.wallet_address) return [];
      const rows = await db
        .select()
        .from(passes)
        .where(eq(passes.owner, member.wallet_address.toLowerCase()))
        .orderBy(asc(passes.chainId), asc(passes.tokenId));
      return dedupePasses(
        rows.map((row) => ({
          token_id: row.tokenId,
          chain_id: row.chainId,
          stake_info: {
            staked: row.staked,
            since: row.stakedSince ? Math.floor(row.stakedSince.getTime() / 1000) : null,
          },
        })),
      );
    },

    /** An EIP-712 MintAuthorization for the member's own bound wallet, once per wallet and chain. */
    async mintSignature(member: Member, address: string, chainId: number | undefined) {
      const chain = chainFor(chainId);
      if (!member.wallet_address) {
        throw new ApiError("wallet_required", "Bind a wallet to your account before minting.");
      }
      if (member.wallet_address.toLowerCase() !== address.toLowerCase()) {
        throw new ApiError("forbidden", "You can only mint to the wallet bound to your account.");
      }
      if (!(await isAllowed(member))) throw new ApiError("forbidden", "Your account is not on the mint allowlist yet.");
      const to = getAddress(address);
      const client = chainClients.client(chain.id);
      const [indexed] = await db
        .select()
        .from(passes)
        .where(and(eq(passes.chainId, chain.id), eq(passes.owner, to.toLowerCase())));
      const onChain = await client.readContract({
        address: chain.genesisPassAddress,
        abi: genesisPassAbi,
        functionName: "passOf",
        args: [to],
      });
      if (indexed || onChain !== 0n)
        throw new ApiError("conflict", "This wallet already holds a Genesis Pass on this chain.");
      const nonce = await client.readContract({
        address: chain.genesisPassAddress,
        abi: genesisPassAbi,
        functionName: "mintNonces",
        args: [to],
      });
      const deadline = BigInt(Math.floor(now().getTime() / 1000) + AUTHORIZATION_TTL_SECONDS);
      const signature = await signer.signMint({
        chainId: chain.id,
        contract: chain.genesisPassAddress,
        to,
        nonce,
        deadline,
      });
      return {
        to,
        nonce: nonce.toString(),
        deadline: Number(deadline),
        signature,
        chain_id: chain.id,
        contract: chain.genesisPassAddress,
      };
    },
  };
}
export type PassService = ReturnType<typeof createPassService>;

/** An allowlist entry is an e-mail address or an EVM wallet, stored normalised. */
export function parseAllowlistEntry(raw: string): { entry: string; kind: "email" | "wallet" } | null {
  const value = raw.trim();
  if (isAddress(value, { strict: false })) return { entry: value.toLowerCase(), kind: "wallet" };
  if (isValidEmail(value)) return { entry: normalizeEmail(value), kind: "email" };
  return null;
}

/**
 * Gives a member a mint allowlist place (a loot-box reward), inside the caller's transaction.
 * False when the address was already on the list.
 */
export async function grantAllowlistPlace(db: DatabaseOrTransaction, email: string): Promise<boolean> {
  const added = await db
    .insert(allowlist)
    .values({ entry: normalizeEmail(email), kind: "email" })
    .onConflictDoNothing()
    .returning();
  return added.length > 0;
}

/** Passes minted (still existing) and staked right now, over every chain. */
export async function passTotals(db: DatabaseOrTransaction): Promise<{ minted: number; staked: number }> {
  const [row] = await db
    .select({
      minted: sql<number>`count(*)::int`,
      staked: sql<number>`count(*) filter (where ${passes.staked})::int`,
    })
    .from(passes);
  return { minted: Number(row?.minted ?? 0), staked: Number(row?.staked ?? 0) };
}

/** Every pass a wallet holds, by chain and token id. */
export function passesOwnedBy(db: DatabaseOrTransaction, wallet: string): Promise<PassRow[]> {
  return db
    .select()
    .from(passes)
    .where(eq(passes.owner, wallet.toLowerCase()))
    .orderBy(asc(passes.chainId), asc(passes.tokenId));
}

/** Whether the member's e-mail address or their wallet is on the mint allowlist. */
export async function isOnAllowlist(db: DatabaseOrTransaction, email: string, wallet: string | null): Promise<boolean> {
  const entries = [normalizeEmail(email), ...(wallet ? [wallet.toLowerCase()] : [])];
  const rows = await db.select({ entry: allowlist.entry }).from(allowlist).where(inArray(allowlist.entry, entries));
  return rows.length > 0;
}
