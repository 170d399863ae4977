import type { RelayAccepted, RelayRequest, SponsoredAction, User } from "@arcana/protocol";
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
import { enforceLimit } from "../../rate-limit/limiter.js";
import { ApiError, DependencyUnavailableError } from "../../shared/errors.js";
import { storeRelay } from "./relay-reservation.js";
import { openRelayStates, publicRelayState } from "./relay-states.js";
import { decodedRevert } from "./revert-reason.js";
import { batchGasLimit, deadlineProblem, foreignAddressArgument, maxGasOf, sponsoredCallOf } from "./rules.js";
import { sponsoredRelays, sponsorshipMemberDays } from "./schema.js";
import { canonicalSignature, forwardRequestDigest, signedBy } from "./signatures.js";
import { type SponsorshipContext, tooManySponsorshipRequests } from "./sponsorship-context.js";

function invalidSignature() {
  return new ApiError("invalid_signature", "The signature does not match the request and wallet.");
}

/**
 * `POST /blockchain/relay`: checks a signed forward request against policy and queues it for the
 * relayer (relayer/); nothing is spent on a refusal. An RPC that does not answer refuses it as
 * `chain_unreachable`: a member (and the operator reading the logs) must not be sent to fund a
 * relayer when the chain cannot be reached.
 */
export function createRelayRequest(context: SponsorshipContext) {
  const { db, settings, chainClients, chains, now, limiter, limits } = context;

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

  function chainUnreachable(chainId: number) {
    const name = chains.get(chainId)?.chain.key ?? `chain ${chainId}`;
    return new ApiError(
      "chain_unreachable",
      `${name} cannot be reached right now (its RPC does not answer); nothing was queued or spent. Try again in a few minutes.`,
    );
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
    const day = context.today();
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
      context.lowOnFunds(input.chain_id),
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
    const quota = await context.quotaOf(user.uid, target);
    if (seen.used >= quota) throw context.quotaUsed(quota);
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
    const stored = await storeRelay(
      db,
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
      context.quotaUsed,
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
    context.wake();
    return accepted;
  }

  return async (user: User, input: RelayRequest, ip: string): Promise<RelayAccepted> => {
    await enforceLimit(limiter, limits.relayPerIp, ip, tooManySponsorshipRequests);
    await enforceLimit(limiter, limits.relayPerMember, user.uid, tooManySponsorshipRequests);
    try {
      return await acceptRelay(user, input);
    } catch (error) {
      if (error instanceof DependencyUnavailableError && error.dependency === "rpc")
        throw chainUnreachable(input.chain_id);
      throw error;
    }
  };
}
