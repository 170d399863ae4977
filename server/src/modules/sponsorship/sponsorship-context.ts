import { gmtDayNumber } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import { parseEther } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { SponsorshipSettings } from "../../economy.js";
import type { RateLimit, RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { memberById } from "../users/api.js";
import type { SponsoredChains } from "./relayer/chain-state.js";
import { memberDailyQuotaOf } from "./rules.js";
import { sponsorshipDays, sponsorshipMemberDays } from "./schema.js";

export interface SponsorshipDeps {
  db: Database;
  config: Config;
  settings: SponsorshipSettings;
  chainClients: ChainClients;
  chains: SponsoredChains;
  now: () => Date;
  /** Tells this server's relayer a relay is waiting (others poll). */
  wake: () => void;
  limiter: RateLimiter;
}

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

export const tooManySponsorshipRequests = "Too many sponsorship requests; try again later.";

/** What the sponsorship use cases (sponsorship-status.ts, relay-request.ts, relay-status.ts) share. */
export type SponsorshipContext = ReturnType<typeof createSponsorshipContext>;

export function createSponsorshipContext(deps: SponsorshipDeps) {
  const { db, settings, chains, now } = deps;

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

  return {
    ...deps,
    limits: sponsorshipLimits(settings),
    today: () => gmtDayNumber(now()),
    dayTotals,
    usedToday,
    quotaUsed,
    lowOnFunds,
    quotaOf,
  };
}
