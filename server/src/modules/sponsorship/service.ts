import type { User } from "@arcana/protocol";
import {
  type ChainSponsorship,
  gmtDayNumber,
  type RelayAccepted,
  type RelayRequest,
  type RelayState,
  type RelayStatus,
  type SponsoredAction,
  type Sponsorship,
} from "@arcana/protocol";
import { and, eq, sql } from "drizzle-orm";
import {
  BaseError,
  concat,
  type Hex,
  HttpRequestError,
  isAddressEqual,
  parseEther,
  parseGwei,
  TimeoutError,
} from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { SponsorshipSettings } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { DependencyUnavailableError } from "../../http/dependency.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { memberById } from "../users/api.js";
import type { SponsoredChains } from "./chain-state.js";
import {
  batchGasLimit,
  deadlineProblem,
  foreignAddressArgument,
  maxGasOf,
  memberDailyQuotaOf,
  sponsoredCallOf,
} from "./policy.js";
import { relayFailureOf } from "./relay-failures.js";
import { decodedRevert } from "./revert-reason.js";
import { sponsoredRelays, sponsorshipDays, sponsorshipMemberDays } from "./schema.js";
import { canonicalSignature, forwardRequestDigest, signedBy } from "./signatures.js";

/** Relays still on their way: the member waits for one before signing the next (forwarder nonces run in order). */
export const openRelayStates = ["queued", "signed", "sent"];

/** The API's view of a stored state: a signed transaction not yet broadcast is still queued. */
export function publicRelayState(state: string): RelayState {
  if (state === "signed") return "queued";
  return state as RelayState;
}

export type SponsorshipService = ReturnType<typeof createSponsorshipService>;

/** The relay routes' rate limits (economy file, `sponsorship.rateLimits`): every request counts, refused ones too. */
export function sponsorshipLimits(settings: SponsorshipSettings) {
  const { rateLimits } = settings;
  const hour = 60 * 60 * 1000;
  const minute = 60 * 1000;
  return {
    relayPerMember: { name: "relay_member", max: rateLimits.relaysPerMemberPerHour, windowMs: hour },
    relayPerIp: { name: "relay_ip", max: rateLimits.relaysPerIpPerHour, windowMs: hour },
    statusPerMember: { name: "sponsorship_member", max: rateLimits.statusPerMemberPerMinute, windowMs: minute },
    statusPerIp: { name: "sponsorship_ip", max: rateLimits.statusPerIpPerMinute, windowMs: minute },
  } satisfies Record<string, RateLimit>;
}

/** How long a member's forwarder nonce read for `GET /blockchain/sponsorship` is reused (while none of their relays changes). */
const NONCE_CACHE_MS = 5_000;
/** Past this many cached nonces, expired ones are dropped. */
const NONCE_CACHE_SWEEP = 10_000;

export function createSponsorshipService(deps: {
  db: Database;
  config: Config;
  settings: SponsorshipSettings;
  chainClients: ChainClients;
  chains: SponsoredChains;
  now: () => Date;
  /** Tells this server's relayer a relay is waiting (others poll). */
  wake: () => void;
  limiter: RateLimiter;
}) {
  const { db, config, settings, chainClients, chains, now, limiter } = deps;
  const limits = sponsorshipLimits(settings);
  const tooMany = "Too many sponsorship requests; try again later.";

  /**
   * The forwarder nonce `GET /blockchain/sponsorship` shows, read from the chain at most once per
   * NONCE_CACHE_MS per wallet while the member's relays stay as they are (`relays`: how many, and the
   * last settled): a relay accepted or settled reads it again at once, so the next request signs the
   * nonce the forwarder expects.
   */
  const nonces = new Map<string, { at: number; relays: string; value: Promise<bigint | null> }>();
  async function shownNonce(userId: string, chainId: number, wallet: Hex): Promise<bigint | null> {
    const [row] = await queryRows<{ relays: string }>(
      db,
      sql`select count(*)::text || ':' || coalesce(max(${sponsoredRelays.settledAt})::text, '') as relays
        from ${sponsoredRelays} where ${sponsoredRelays.userId} = ${userId} and ${sponsoredRelays.chainId} = ${chainId}`,
    );
    const relays = row?.relays ?? "";
    const key = `${chainId}:${wallet.toLowerCase()}`;
    const at = now().getTime();
    const hit = nonces.get(key);
    if (hit && hit.relays === relays && at - hit.at < NONCE_CACHE_MS) return hit.value;
    if (nonces.size >= NONCE_CACHE_SWEEP) {
      for (const [old, entry] of nonces) if (at - entry.at >= NONCE_CACHE_MS) nonces.delete(old);
    }
    const value = chains.forwarderNonce(chainId, wallet).catch(() => {
      nonces.delete(key);
      return null;
    });
    nonces.set(key, { at, relays, value });
    return value;
  }

  async function dayTotals(chainId: number, day: number) {
    const [row] = await db
      .select()
      .from(sponsorshipDays)
      .where(and(eq(sponsorshipDays.chainId, chainId), eq(sponsorshipDays.day, day)));
    return { reserved: BigInt(row?.reservedWei ?? "0"), spent: BigInt(row?.spentWei ?? "0") };
  }

  async function usedToday(userId: string, chainId: number, day: number): Promise<number> {
    const [row] = await db
      .select({ used: sponsorshipMemberDays.used })
      .from(sponsorshipMemberDays)
      .where(
        and(
          eq(sponsorshipMemberDays.userId, userId),
          eq(sponsorshipMemberDays.chainId, chainId),
          eq(sponsorshipMemberDays.day, day),
        ),
      );
    return row?.used ?? 0;
  }

  /**
   * Stores an accepted relay in one statement (autocommit, one round trip), all or nothing in the
   * order policy refuses: the member's quota for the day is taken, then the chain's budget for the
   * day reserves `reserved` (the day's first relay creates its row), then the relay is stored. A
   * step that refuses leaves the later ones unwritten; what the earlier ones took is given back
   * right away (`giveBack`). The budget row every relay of the chain updates stays locked for this
   * statement and its commit only, never across a round trip (decisions 0023, 0035).
   */
  async function store(
    relay: typeof sponsoredRelays.$inferInsert & { reservedWei: string },
    budget: bigint,
    quota: number,
  ) {
    const [outcome] = await queryRows<{ quota: boolean; budget: boolean; relay_id: string | null }>(
      db,
      sql`with quota as (
        insert into ${sponsorshipMemberDays} (user_id, chain_id, day, used)
        values (${relay.userId}, ${relay.chainId}, ${relay.day}, 1)
        on conflict (user_id, chain_id, day) do update set used = ${sponsorshipMemberDays}.used + 1
          where ${sponsorshipMemberDays}.used < ${quota}
        returning 1
      ), budget as (
        insert into ${sponsorshipDays} (chain_id, day, reserved_wei, spent_wei, relays)
        select ${relay.chainId}, ${relay.day}, ${relay.reservedWei}::numeric, 0, 1
        where exists (select 1 from quota) and ${relay.reservedWei}::numeric <= ${budget.toString()}::numeric
        on conflict (chain_id, day) do update
          set reserved_wei = ${sponsorshipDays}.reserved_wei + excluded.reserved_wei,
              relays = ${sponsorshipDays}.relays + 1
          where ${sponsorshipDays}.spent_wei + ${sponsorshipDays}.reserved_wei + excluded.reserved_wei
            <= ${budget.toString()}::numeric
        returning 1
      ), relay as (
        insert into ${sponsoredRelays}
          (chain_id, user_id, action, signer, target, gas, forwarder_nonce, deadline, data, signature, day, reserved_wei)
        select ${relay.chainId}, ${relay.userId}, ${relay.action}, ${relay.signer}, ${relay.target},
          ${relay.gas.toString()}::bigint, ${relay.forwarderNonce}::numeric, ${relay.deadline}::bigint,
          ${relay.data}, ${relay.signature}, ${relay.day}, ${relay.reservedWei}::numeric
        where exists (select 1 from budget)
        on conflict do nothing
        returning id
      )
      select exists (select 1 from quota) as quota, exists (select 1 from budget) as budget,
        (select id from relay) as relay_id`,
    );
    if (!outcome?.quota) return { refused: quotaUsed(quota) };
    if (!outcome.relay_id) {
      await giveBack(relay, outcome.budget);
      if (!outcome.budget) {
        return { refused: new ApiError("budget_spent", "Today's sponsorship budget on this network is spent.") };
      }
      return { raced: true as const };
    }
    return { relayId: outcome.relay_id };
  }

  /** Gives back the quota (and the budget reservation) a relay took but was not stored with. */
  async function giveBack(
    relay: { userId: string; chainId: number; day: number; reservedWei: string },
    budget: boolean,
  ) {
    // The day's quota row goes when this was its only use: a refusal leaves nothing behind.
    const mine = sql`user_id = ${relay.userId} and chain_id = ${relay.chainId} and day = ${relay.day}`;
    await db.execute(sql`with gone as (delete from ${sponsorshipMemberDays} where ${mine} and used = 1)
      update ${sponsorshipMemberDays} set used = used - 1 where ${mine} and used > 1`);
    if (!budget) return;
    await db
      .update(sponsorshipDays)
      .set({
        reservedWei: sql`${sponsorshipDays.reservedWei} - ${relay.reservedWei}`,
        relays: sql`${sponsorshipDays.relays} - 1`,
      })
      .where(and(eq(sponsorshipDays.chainId, relay.chainId), eq(sponsorshipDays.day, relay.day)));
  }

  function invalidSignature() {
    return new ApiError("invalid_signature", "The signature does not match the request and wallet.");
  }

  function chainUnreachable(chainId: number) {
    const name = chains.get(chainId)?.chain.key ?? `chain ${chainId}`;
    return new ApiError(
      "chain_unreachable",
      `${name} cannot be reached right now (its RPC does not answer); nothing was queued or spent. Try again in a few minutes.`,
    );
  }

  function quotaUsed(quota: number) {
    return new ApiError("quota_used", `You have used your ${quota} sponsored transactions today (GMT).`, { quota });
  }

  async function lowOnFunds(chainId: number): Promise<boolean> {
    const target = chains.get(chainId);
    if (!target) return true;
    return (await chains.balance(chainId)) < parseEther(target.settings.lowBalance);
  }

  /** The member's daily quota on a chain: lower while the account is new (decision 0041). */
  async function quotaOf(
    userId: string,
    target: { settings: { newMemberHours: number; newMemberDailyQuota: number } },
  ) {
    const member = await memberById(db, userId);
    return memberDailyQuotaOf(settings.memberDailyQuota, target.settings, member?.createdAt ?? now(), now());
  }

  async function chainStatus(user: User, chainId: number): Promise<ChainSponsorship> {
    const target = chains.get(chainId);
    const off = (reason: ChainSponsorship["reason"], left = 0): ChainSponsorship => ({
      chain_id: chainId,
      enabled: false,
      forwarder: target?.forwarder ?? null,
      actions: target ? [...settings.actions] : [],
      left_today: left,
      next_nonce: null,
      reason,
    });
    if (!target) return off("not_configured");
    const day = gmtDayNumber(now());
    const quota = await quotaOf(user.uid, target);
    const left = Math.max(0, quota - (await usedToday(user.uid, chainId, day)));
    try {
      if (await lowOnFunds(chainId)) return off("relayer_low_funds", left);
    } catch {
      // The balance could not be read: the chain is out of reach, not the relayer out of funds.
      return off("chain_unreachable", left);
    }
    const totals = await dayTotals(chainId, day);
    if (totals.spent + totals.reserved >= parseEther(target.settings.dailyBudget)) return off("budget_spent", left);
    if (left === 0) return off("quota_used", 0);
    const wallet = user.wallet_address as Hex | null;
    const nextNonce = wallet ? await shownNonce(user.uid, chainId, wallet) : null;
    return {
      chain_id: chainId,
      enabled: true,
      forwarder: target.forwarder,
      actions: [...settings.actions],
      left_today: left,
      next_nonce: nextNonce === null ? null : nextNonce.toString(),
      reason: null,
    };
  }

  /**
   * What acceptance reads of its own, in one query: the relay stored for this very request (chain,
   * signer, forwarder nonce) if any, whether the member has a relay still on its way on the chain,
   * and how many sponsored relays they used on `day`. Prepared once: built per request, the query
   * cost the acceptance path more CPU than anything else it does in JavaScript.
   */
  const acceptanceQuery = db
    .select({
      same: sponsoredRelays,
      pending:
        sql<boolean>`exists (select 1 from ${sponsoredRelays} as mine where mine.user_id = ${sql.placeholder("userId")}
        and mine.chain_id = ${sql.placeholder("chainId")} and mine.state in ${openRelayStates})`.mapWith(Boolean),
      used: sql<number>`coalesce((select ${sponsorshipMemberDays.used} from ${sponsorshipMemberDays}
        where ${sponsorshipMemberDays.userId} = ${sql.placeholder("userId")}
        and ${sponsorshipMemberDays.chainId} = ${sql.placeholder("chainId")}
        and ${sponsorshipMemberDays.day} = ${sql.placeholder("day")}), 0)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      sponsoredRelays,
      and(
        eq(sponsoredRelays.chainId, sql.placeholder("chainId")),
        eq(sponsoredRelays.signer, sql.placeholder("signer")),
        eq(sponsoredRelays.forwarderNonce, sql.placeholder("nonce")),
      ),
    )
    .prepare("sponsorship_acceptance_state");

  async function acceptanceState(userId: string, input: RelayRequest, day: number) {
    const [row] = await acceptanceQuery.execute({
      userId,
      chainId: input.chain_id,
      signer: input.request.from.toLowerCase(),
      nonce: input.request.nonce,
      day,
    });
    return { same: row?.same ?? null, pending: row?.pending ?? false, used: row?.used ?? 0 };
  }

  /** The answer for a request stored before: its relay when it is the very same, else a refusal. */
  function sameRequestAnswer(userId: string, input: RelayRequest, row: typeof sponsoredRelays.$inferSelect) {
    const same =
      row.userId === userId &&
      row.signature.toLowerCase() === input.signature.toLowerCase() &&
      row.data.toLowerCase() === input.request.data.toLowerCase() &&
      row.target === input.request.to.toLowerCase() &&
      row.gas === BigInt(input.request.gas) &&
      row.deadline === input.request.deadline;
    if (!same) throw new ApiError("invalid_nonce", "Another request already uses this forwarder nonce; sign again.");
    return { relay_id: row.id, state: publicRelayState(row.state) } satisfies RelayAccepted;
  }

  /** Runs the forwarded call as the forwarder would (the signer appended), refusing with the decoded reason. */
  async function simulate(chainId: number, forwarder: Hex, request: RelayRequest["request"]) {
    try {
      await chainClients.batched(chainId).call({
        account: forwarder,
        to: request.to,
        data: concat([request.data, request.from]),
        gas: BigInt(request.gas),
      });
    } catch (error) {
      const unreachable =
        error instanceof BaseError &&
        error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null;
      if (unreachable) throw new DependencyUnavailableError("rpc", { cause: error });
      const { reason, errorName } = decodedRevert(error);
      throw new ApiError(
        "simulation_reverted",
        `The call would fail on chain: ${reason}.`,
        errorName ? { revert: errorName } : {},
      );
    }
  }

  async function acceptRelay(user: User, input: RelayRequest): Promise<RelayAccepted> {
    const target = chains.get(input.chain_id);
    if (!target) throw new ApiError("sponsorship_off", `Transactions are not sponsored on chain ${input.chain_id}.`);
    const { request } = input;
    const wallet = user.wallet_address as Hex | null;
    if (!wallet) throw new ApiError("wallet_required", "Bind a wallet to your account first.");
    if (!isAddressEqual(request.from, wallet)) {
      throw new ApiError(
        "address_mismatch",
        "The request is signed for another wallet than the one bound to your account.",
      );
    }
    const call = sponsoredCallOf(
      { daily: target.chain.dailyAddress, genesisPass: target.chain.genesisPassAddress },
      request.to,
      request.data,
    );
    const action: SponsoredAction | null = call?.action ?? null;
    if (!call || !action || !settings.actions.includes(action)) {
      throw new ApiError("not_sponsored", "This call is not one of the sponsored actions.");
    }
    // A sponsored call acts for its signer only: a mint's recipient (every address argument) is their wallet.
    const foreign = foreignAddressArgument(call.addresses, wallet);
    if (foreign) {
      throw new ApiError(
        "address_mismatch",
        `The call's \`${foreign.name}\` is another wallet than the one bound to your account.`,
      );
    }
    const gas = BigInt(request.gas);
    if (request.value !== "0") throw new ApiError("not_sponsored", "A sponsored call sends no value.");
    if (gas === 0n || gas > maxGasOf(action)) {
      throw new ApiError("not_sponsored", `A sponsored ${action} asks for at most ${maxGasOf(action)} gas.`);
    }
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const late = deadlineProblem(request.deadline, nowSeconds);
    if (late) throw new ApiError("bad_deadline", late);
    const signature = canonicalSignature(input.signature);
    if (!signature) throw invalidSignature();
    const day = gmtDayNumber(now());
    // One round trip for what acceptance reads of its own: the same request stored before, an
    // open relay of the member's, the quota used today.
    const seen = await acceptanceState(user.uid, input, day);
    if (seen.same) return sameRequestAnswer(user.uid, { ...input, signature }, seen.same);
    const digest = forwardRequestDigest(input.chain_id, target.forwarder, request);
    if (!(await signedBy(digest, signature, request.from))) throw invalidSignature();
    if (seen.pending)
      throw new ApiError("relay_pending", "Your previous sponsored transaction is still on its way; wait for it.");
    // Asked together (one JSON-RPC batch with other members' at the same moment); refused in this order.
    const [expectedNonce, low, simulated] = await Promise.all([
      chains.forwarderNonce(input.chain_id, request.from),
      lowOnFunds(input.chain_id),
      simulate(input.chain_id, target.forwarder, request).then(
        () => null,
        (error: unknown) => error,
      ),
    ]);
    if (BigInt(request.nonce) !== expectedNonce) {
      throw new ApiError("invalid_nonce", `The forwarder expects nonce ${expectedNonce} from this wallet; sign again.`);
    }
    if (low) throw new ApiError("sponsorship_off", "Sponsorship is paused: the relayer is low on funds.");
    if (simulated) throw simulated;
    const quota = await quotaOf(user.uid, target);
    if (seen.used >= quota) throw quotaUsed(quota);
    // All members together on this chain, per hour (decision 0041); counted only for a relay about to be stored.
    const hourly = await limiter.hit(
      { name: "relay_chain_hour", max: target.settings.maxRelaysPerHour, windowMs: 60 * 60 * 1000 },
      String(input.chain_id),
    );
    if (!hourly.allowed) {
      throw new ApiError(
        "budget_spent",
        "This hour's sponsored transactions on this network are used; try again later.",
        { retry_after: hourly.retryAfterSeconds },
      );
    }
    const fees = await chains.fees(input.chain_id);
    const cap = parseGwei(target.settings.maxFeeGwei);
    const reserved = batchGasLimit([gas]) * (fees.maxFeePerGas < cap ? fees.maxFeePerGas : cap);
    const budget = parseEther(target.settings.dailyBudget);
    const stored = await store(
      {
        chainId: input.chain_id,
        userId: user.uid,
        action,
        signer: request.from.toLowerCase(),
        target: request.to.toLowerCase(),
        gas,
        forwarderNonce: request.nonce,
        deadline: request.deadline,
        data: request.data.toLowerCase(),
        signature,
        day,
        reservedWei: reserved.toString(),
      },
      budget,
      quota,
    );
    if (stored.refused) throw stored.refused;
    let accepted: RelayAccepted;
    if (stored.raced) {
      // The same request arriving twice at once: the other one was stored.
      const other = (await acceptanceState(user.uid, input, day)).same;
      if (!other) throw new ApiError("conflict", "The request changed while it was stored; send it again.");
      accepted = sameRequestAnswer(user.uid, { ...input, signature }, other);
    } else {
      accepted = { relay_id: stored.relayId, state: "queued" };
    }
    deps.wake();
    return accepted;
  }

  return {
    async status(user: User, ip: string): Promise<Sponsorship> {
      await enforceLimit(limiter, limits.statusPerIp, ip, tooMany);
      await enforceLimit(limiter, limits.statusPerMember, user.uid, tooMany);
      return { chains: await Promise.all(config.chains.map((chain) => chainStatus(user, chain.id))) };
    },

    /**
     * Checks a signed forward request against policy and queues it; nothing is spent on a refusal. An RPC
     * that does not answer refuses it as `chain_unreachable`: a member (and the operator reading the logs)
     * must not be sent to fund a relayer when the chain cannot be reached.
     */
    async relay(user: User, input: RelayRequest, ip: string): Promise<RelayAccepted> {
      await enforceLimit(limiter, limits.relayPerIp, ip, tooMany);
      await enforceLimit(limiter, limits.relayPerMember, user.uid, tooMany);
      try {
        return await acceptRelay(user, input);
      } catch (error) {
        if (error instanceof DependencyUnavailableError && error.dependency === "rpc")
          throw chainUnreachable(input.chain_id);
        throw error;
      }
    },

    async relayStatus(userId: string, relayId: string): Promise<RelayStatus> {
      const [row] = await db
        .select()
        .from(sponsoredRelays)
        .where(and(eq(sponsoredRelays.id, relayId), eq(sponsoredRelays.userId, userId)));
      if (!row) throw new ApiError("not_found", "There is no such relay of yours.");
      return {
        relay_id: row.id,
        chain_id: row.chainId,
        action: row.action as SponsoredAction,
        state: publicRelayState(row.state),
        tx_hash: (row.txHash as Hex | null) ?? null,
        failure_reason: row.failureReason,
        failure: relayFailureOf(row.state === "failed", row.failureReason),
        credited: row.credited,
      };
    },
  };
}
