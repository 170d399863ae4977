import { dailyAbi, forwarderDomain, forwardRequestTypes, genesisPassAbi } from "@arcana/contracts";
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
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  BaseError,
  concat,
  decodeErrorResult,
  type Hex,
  HttpRequestError,
  isAddressEqual,
  parseEther,
  parseGwei,
  TimeoutError,
  verifyTypedData,
} from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { SponsorshipSettings } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { DependencyUnavailableError } from "../../http/dependency.js";
import type { SponsoredChains } from "./chain-state.js";
import { batchGasLimit, deadlineProblem, maxGasOf, sponsoredActionOf } from "./policy.js";
import { sponsoredRelays, sponsorshipDays, sponsorshipMemberDays } from "./schema.js";

/** Relays still on their way: the member waits for one before signing the next (forwarder nonces run in order). */
export const openRelayStates = ["queued", "signed", "sent"];

/** The API's view of a stored state: a signed transaction not yet broadcast is still queued. */
export function publicRelayState(state: string): RelayState {
  if (state === "signed") return "queued";
  return state as RelayState;
}

const revertAbi = [...dailyAbi, ...genesisPassAbi];

/** The revert bytes somewhere in an RPC error's causes (nodes nest them differently). */
function revertData(error: unknown): Hex | undefined {
  const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]*$/.test(value);
  for (let cause = error, depth = 0; cause && depth < 8; depth += 1) {
    const data = (cause as { data?: unknown }).data;
    if (isHex(data)) return data;
    const nested = (data as { data?: unknown } | undefined)?.data;
    if (isHex(nested)) return nested;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The revert reason a failed call carries, in words (`AlreadyCheckedIn(20415)`), or a plain fallback. */
export function decodedRevertReason(error: unknown): string {
  const data = revertData(error);
  if (data && data !== "0x") {
    try {
      const decoded = decodeErrorResult({ abi: revertAbi, data });
      const args = (decoded.args ?? []).map((arg) => String(arg)).join(", ");
      // A require message (`Error(string)`) is its text; a custom error its name and arguments.
      return (decoded.errorName as string) === "Error" ? args : `${decoded.errorName}(${args})`;
    } catch {
      return `reverted with ${data.slice(0, 10)}`;
    }
  }
  return error instanceof BaseError ? error.shortMessage : "reverted";
}

export type SponsorshipService = ReturnType<typeof createSponsorshipService>;

export function createSponsorshipService(deps: {
  db: Database;
  config: Config;
  settings: SponsorshipSettings;
  chainClients: ChainClients;
  chains: SponsoredChains;
  now: () => Date;
  /** Tells this server's relayer a relay is waiting (others poll). */
  wake: () => void;
}) {
  const { db, config, settings, chainClients, chains, now } = deps;

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

  /** Sets `amount` aside from the chain's budget for `day`; false when it would go over `budget`. */
  async function reserveBudget(chainId: number, day: number, amount: bigint, budget: bigint): Promise<boolean> {
    const reserve = () =>
      db
        .update(sponsorshipDays)
        .set({
          reservedWei: sql`${sponsorshipDays.reservedWei} + ${amount.toString()}`,
          relays: sql`${sponsorshipDays.relays} + 1`,
        })
        .where(
          and(
            eq(sponsorshipDays.chainId, chainId),
            eq(sponsorshipDays.day, day),
            sql`${sponsorshipDays.spentWei} + ${sponsorshipDays.reservedWei} + ${amount.toString()} <= ${budget.toString()}`,
          ),
        )
        .returning({ day: sponsorshipDays.day });
    if ((await reserve()).length > 0) return true;
    // The day's first relay (no row yet), or the budget is used up.
    await db.insert(sponsorshipDays).values({ chainId, day }).onConflictDoNothing();
    return (await reserve()).length > 0;
  }

  function quotaUsed() {
    return new ApiError(
      "quota_used",
      `You have used your ${settings.memberDailyQuota} sponsored transactions today (GMT).`,
    );
  }

  /** Gives back a reservation the acceptance did not keep. */
  async function giveBack(chainId: number, day: number, amount: bigint) {
    await db
      .update(sponsorshipDays)
      .set({
        reservedWei: sql`${sponsorshipDays.reservedWei} - ${amount.toString()}`,
        relays: sql`${sponsorshipDays.relays} - 1`,
      })
      .where(and(eq(sponsorshipDays.chainId, chainId), eq(sponsorshipDays.day, day)));
  }

  async function lowOnFunds(chainId: number): Promise<boolean> {
    const target = chains.get(chainId);
    if (!target) return true;
    return (await chains.balance(chainId)) < parseEther(target.settings.lowBalance);
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
    const left = Math.max(0, settings.memberDailyQuota - (await usedToday(user.uid, chainId, day)));
    try {
      if (await lowOnFunds(chainId)) return off("relayer_low_funds", left);
    } catch {
      return off("relayer_low_funds", left);
    }
    const totals = await dayTotals(chainId, day);
    if (totals.spent + totals.reserved >= parseEther(target.settings.dailyBudget)) return off("budget_spent", left);
    if (left === 0) return off("quota_used", 0);
    const wallet = user.wallet_address as Hex | null;
    const nextNonce = wallet ? await chains.forwarderNonce(chainId, wallet).catch(() => null) : null;
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

  /** The stored relay for this very signed request, when it was sent before. */
  async function sameRequest(userId: string, input: RelayRequest) {
    const [row] = await db
      .select()
      .from(sponsoredRelays)
      .where(
        and(
          eq(sponsoredRelays.chainId, input.chain_id),
          eq(sponsoredRelays.signer, input.request.from.toLowerCase()),
          eq(sponsoredRelays.forwarderNonce, input.request.nonce),
        ),
      );
    if (!row) return null;
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
      throw new ApiError("simulation_reverted", `The call would fail on chain: ${decodedRevertReason(error)}.`);
    }
  }

  return {
    async status(user: User): Promise<Sponsorship> {
      return { chains: await Promise.all(config.chains.map((chain) => chainStatus(user, chain.id))) };
    },

    /** Checks a signed forward request against policy and queues it; nothing is spent on a refusal. */
    async relay(user: User, input: RelayRequest): Promise<RelayAccepted> {
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
      const action: SponsoredAction | null = sponsoredActionOf(
        { daily: target.chain.dailyAddress, genesisPass: target.chain.genesisPassAddress },
        request.to,
        request.data,
      );
      if (!action || !settings.actions.includes(action)) {
        throw new ApiError("not_sponsored", "This call is not one of the sponsored actions.");
      }
      const gas = BigInt(request.gas);
      if (request.value !== "0") throw new ApiError("not_sponsored", "A sponsored call sends no value.");
      if (gas === 0n || gas > maxGasOf(action)) {
        throw new ApiError("not_sponsored", `A sponsored ${action} asks for at most ${maxGasOf(action)} gas.`);
      }
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const late = deadlineProblem(request.deadline, nowSeconds);
      if (late) throw new ApiError("bad_deadline", late);
      const known = await sameRequest(user.uid, input);
      if (known) return known;
      const valid = await verifyTypedData({
        address: request.from,
        domain: { ...forwarderDomain, chainId: input.chain_id, verifyingContract: target.forwarder },
        types: forwardRequestTypes,
        primaryType: "ForwardRequest",
        message: { ...request, value: 0n, gas, nonce: BigInt(request.nonce) },
        signature: input.signature,
      }).catch(() => false);
      if (!valid) throw new ApiError("invalid_signature", "The signature does not match the request and wallet.");
      const [pending] = await db
        .select({ id: sponsoredRelays.id })
        .from(sponsoredRelays)
        .where(
          and(
            eq(sponsoredRelays.userId, user.uid),
            eq(sponsoredRelays.chainId, input.chain_id),
            inArray(sponsoredRelays.state, openRelayStates),
          ),
        )
        .limit(1);
      if (pending)
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
        throw new ApiError(
          "invalid_nonce",
          `The forwarder expects nonce ${expectedNonce} from this wallet; sign again.`,
        );
      }
      if (low) throw new ApiError("sponsorship_off", "Sponsorship is paused: the relayer is low on funds.");
      if (simulated) throw simulated;
      const fees = await chains.fees(input.chain_id);
      const cap = parseGwei(target.settings.maxFeeGwei);
      const reserved = batchGasLimit([gas]) * (fees.maxFeePerGas < cap ? fees.maxFeePerGas : cap);
      const budget = parseEther(target.settings.dailyBudget);
      const day = gmtDayNumber(now());

      if ((await usedToday(user.uid, input.chain_id, day)) >= settings.memberDailyQuota) throw quotaUsed();
      // The chain's budget is reserved first, in a statement of its own: every relay of the chain
      // and day updates this one row, so its lock is held for that statement and its commit only,
      // never across the acceptance's other statements (decision 0023). What the acceptance does
      // not keep is given back; a crash in between leaves it reserved until the day ends
      // (sponsorship may stop a little early that day, never spend more).
      if (!(await reserveBudget(input.chain_id, day, reserved, budget))) {
        throw new ApiError("budget_spent", "Today's sponsorship budget on this network is spent.");
      }
      const accepted = await db
        .transaction(async (tx) => {
          const quota = await tx
            .insert(sponsorshipMemberDays)
            .values({ userId: user.uid, chainId: input.chain_id, day, used: 1 })
            .onConflictDoUpdate({
              target: [sponsorshipMemberDays.userId, sponsorshipMemberDays.chainId, sponsorshipMemberDays.day],
              set: { used: sql`${sponsorshipMemberDays.used} + 1` },
              setWhere: sql`${sponsorshipMemberDays.used} < ${settings.memberDailyQuota}`,
            })
            .returning({ used: sponsorshipMemberDays.used });
          if (quota.length === 0) throw quotaUsed();
          const [row] = await tx
            .insert(sponsoredRelays)
            .values({
              chainId: input.chain_id,
              userId: user.uid,
              action,
              signer: request.from.toLowerCase(),
              target: request.to.toLowerCase(),
              gas,
              forwarderNonce: request.nonce,
              deadline: request.deadline,
              data: request.data.toLowerCase(),
              signature: input.signature.toLowerCase(),
              day,
              reservedWei: reserved.toString(),
            })
            .onConflictDoNothing()
            .returning({ id: sponsoredRelays.id });
          // The same request arriving twice at once: the other one was stored; roll this one back.
          if (!row) throw new SameRequestRace();
          return { relay_id: row.id, state: "queued" as const };
        })
        .catch(async (error: unknown) => {
          // When even that fails (the database gone), the reservation stays until the day ends: never an overspend.
          await giveBack(input.chain_id, day, reserved).catch(() => {});
          if (!(error instanceof SameRequestRace)) throw error;
          const known = await sameRequest(user.uid, input);
          if (!known) throw new ApiError("conflict", "The request changed while it was stored; send it again.");
          return known;
        });
      deps.wake();
      return accepted;
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
        credited: row.credited,
      };
    },
  };
}

class SameRequestRace extends Error {}
