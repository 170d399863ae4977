import type { ChainSponsorship, Sponsorship, User } from "@arcana/protocol";
import { sql } from "drizzle-orm";
import { type Hex, parseEther } from "viem";
import { queryRows } from "../../db/rows.js";
import { enforceLimit } from "../../rate-limit/limiter.js";
import { sponsoredRelays } from "./schema.js";
import { type SponsorshipContext, tooManySponsorshipRequests } from "./sponsorship-context.js";

/** How long a member's forwarder nonce read for `GET /blockchain/sponsorship` is reused (while none of their relays changes). */
const NONCE_CACHE_MS = 5_000;
/** Past this many cached nonces, expired ones are dropped. */
const NONCE_CACHE_SWEEP = 10_000;

/**
 * `GET /blockchain/sponsorship`: per configured chain, whether the member's next call is sponsored,
 * how many are left today, and the forwarder nonce to sign.
 */
export function createSponsorshipStatus(context: SponsorshipContext) {
  const { db, config, settings, chains, now, limiter, limits } = context;

  /**
   * The forwarder nonce shown, read from the chain at most once per NONCE_CACHE_MS per wallet while
   * the member's relays stay as they are (`relays`: how many, and the last settled): a relay accepted
   * or settled reads it again at once, so the next request signs the nonce the forwarder expects.
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
    const day = context.today();
    const quota = await context.quotaOf(user.uid, target);
    const left = Math.max(0, quota - (await context.usedToday(user.uid, chainId, day)));
    try {
      if (await context.lowOnFunds(chainId)) return off("relayer_low_funds", left);
    } catch {
      // The balance could not be read: the chain is out of reach, not the relayer out of funds.
      return off("chain_unreachable", left);
    }
    const totals = await context.dayTotals(chainId, day);
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

  return async (user: User, ip: string): Promise<Sponsorship> => {
    await enforceLimit(limiter, limits.statusPerIp, ip, tooManySponsorshipRequests);
    await enforceLimit(limiter, limits.statusPerMember, user.uid, tooManySponsorshipRequests);
    return { chains: await Promise.all(config.chains.map((chain) => chainStatus(user, chain.id))) };
  };
}
