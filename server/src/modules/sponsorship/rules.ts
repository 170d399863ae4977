import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import {
  MAX_RELAY_DEADLINE_SECONDS,
  type SponsoredAction,
  sponsoredActionOfCall,
  sponsoredGas,
} from "@arcana/protocol";
import { type Abi, type AbiFunction, decodeFunctionData, type Hex, isAddressEqual, toFunctionSelector } from "viem";

/** The most gas a request for `action` may ask (protocol's table, which the web signs within). */
export function maxGasOf(action: SponsoredAction): bigint {
  return BigInt(sponsoredGas[action].max);
}

/**
 * Which sponsored action a forwarded call is: an allowlisted contract and function with arguments
 * that decode, or null (anything else is not sponsored). `addresses` are the call's address-typed
 * arguments (a mint's recipient): a sponsored call acts for its signer only, so each must be the
 * signer's own wallet (`foreignAddressArgument`).
 */
export function sponsoredCallOf(
  contracts: { daily: Hex | null; genesisPass: Hex | null },
  to: Hex,
  data: Hex,
): { action: SponsoredAction; addresses: Array<{ name: string; value: Hex }> } | null {
  const contract =
    contracts.daily && isAddressEqual(to, contracts.daily)
      ? "daily"
      : contracts.genesisPass && isAddressEqual(to, contracts.genesisPass)
        ? "genesisPass"
        : null;
  if (!contract) return null;
  const abi: Abi = contract === "daily" ? dailyAbi : genesisPassAbi;
  let decoded: { functionName: string; args?: readonly unknown[] };
  try {
    decoded = decodeFunctionData({ abi, data });
  } catch {
    return null;
  }
  const action = sponsoredActionOfCall(contract, decoded.functionName);
  if (!action) return null;
  const selector = data.slice(0, 10).toLowerCase();
  const item = abi.find(
    (entry): entry is AbiFunction => entry.type === "function" && toFunctionSelector(entry).toLowerCase() === selector,
  );
  const addresses = (item?.inputs ?? []).flatMap((input, index) =>
    input.type === "address" ? [{ name: input.name ?? `#${index}`, value: decoded.args?.[index] as Hex }] : [],
  );
  return { action, addresses };
}

/** The first address argument of a sponsored call that is not the signer's wallet, or null. */
export function foreignAddressArgument(
  addresses: Array<{ name: string; value: Hex }>,
  signer: Hex,
): { name: string; value: Hex } | null {
  return addresses.find((address) => !isAddressEqual(address.value, signer)) ?? null;
}

/** Why a deadline is refused (past, or further ahead than a signed request may live), or null. */
export function deadlineProblem(deadline: number, nowSeconds: number): string | null {
  if (deadline <= nowSeconds) return "The request's deadline has passed; sign it again.";
  if (deadline > nowSeconds + MAX_RELAY_DEADLINE_SECONDS) {
    return `The request's deadline is more than ${MAX_RELAY_DEADLINE_SECONDS / 60} minutes away; sign one that expires sooner.`;
  }
  return null;
}

/**
 * The sponsored relays a member may have accepted on a chain per GMT day: the economy's
 * `memberDailyQuota`, or the chain's lower `newMemberDailyQuota` while the account is younger than
 * `newMemberHours` (the sybil bound, decision 0041).
 */
export function memberDailyQuotaOf(
  memberDailyQuota: number,
  chain: { newMemberHours: number; newMemberDailyQuota: number },
  memberSince: Date,
  now: Date,
): number {
  const young = now.getTime() - memberSince.getTime() < chain.newMemberHours * 60 * 60 * 1000;
  return young ? Math.min(memberDailyQuota, chain.newMemberDailyQuota) : memberDailyQuota;
}

/**
 * How fast a chain's day budget burns: what is spent and reserved today against an even spread of
 * the budget over the GMT day so far (at least its first hour, so the day's first relays do not read
 * as a blaze). 1 = on pace to last exactly the day.
 */
export function burnPace(usedWei: bigint, budgetWei: bigint, now: Date): number {
  if (budgetWei === 0n) return 0;
  const dayMs = 24 * 60 * 60 * 1000;
  const elapsed = Math.max(now.getTime() % dayMs, 60 * 60 * 1000);
  return Number(usedWei) / ((Number(budgetWei) * elapsed) / dayMs);
}

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * The fees of a replacement: both raised by at least 12.5 % (nodes want 10 % on each, EIP-1559
 * replacement rule) and at least to what the chain asks now, the max fee never over `cap`. Null
 * when the cap leaves no valid bump: the transaction waits as it is.
 */
export function bumpedFees(previous: Fees, current: Fees, cap: bigint): Fees | null {
  const bump = (value: bigint) => value + (value + 7n) / 8n;
  const priority = maxOf(bump(previous.maxPriorityFeePerGas), current.maxPriorityFeePerGas);
  const maxFee = minOf(maxOf(bump(previous.maxFeePerGas), current.maxFeePerGas, priority), cap);
  const tenPercent = (value: bigint) => value + (value + 9n) / 10n;
  if (maxFee < tenPercent(previous.maxFeePerGas) || priority > maxFee) return null;
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: priority };
}

/** The first attempt's fees: what the chain asks, the max fee capped (and the tip never above it). */
export function cappedFees(current: Fees, cap: bigint): Fees {
  const maxFeePerGas = minOf(current.maxFeePerGas, cap);
  return { maxFeePerGas, maxPriorityFeePerGas: minOf(current.maxPriorityFeePerGas, maxFeePerGas) };
}

/**
 * Splits a mined transaction's cost between the requests it carried, in proportion to the gas each
 * asked for; the shares add up to the total exactly.
 */
export function splitSpend(total: bigint, gases: bigint[]): bigint[] {
  const sum = gases.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return gases.map(() => 0n);
  const shares = gases.map((gas) => (total * gas) / sum);
  const rest = total - shares.reduce((a, b) => a + b, 0n);
  if (shares.length > 0) shares[shares.length - 1] = (shares.at(-1) ?? 0n) + rest;
  return shares;
}

/** Gas for an executeBatch carrying requests asking `gases`: theirs plus the forwarder's work per request. */
export function batchGasLimit(gases: bigint[]): bigint {
  return gases.reduce((a, b) => a + b, 0n) + 60_000n * BigInt(gases.length) + 60_000n;
}

function maxOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b));
}
function minOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a < b ? a : b));
}
