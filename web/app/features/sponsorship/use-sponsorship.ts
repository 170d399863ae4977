import type { ChainSponsorship, PublicChain, SponsoredAction, Sponsorship } from "@arcana/protocol";
import { getSponsorshipRoute } from "@arcana/protocol/calls";
import type { Translate } from "../../i18n/use-t";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query-hooks";
import { useMember } from "../account/use-member";

export function sponsorshipQueryKey(uid: string) {
  return ["blockchain", "sponsorship", uid] as const;
}

/** `GET /blockchain/sponsorship`: per chain, whether Arcana pays this member's gas now. */
export function useSponsorship() {
  const member = useMember();
  return useQuery({
    queryKey: sponsorshipQueryKey(member?.uid ?? ""),
    queryFn: ({ signal }): Promise<Sponsorship> => api(getSponsorshipRoute, { signal }),
    enabled: member !== null,
    staleTime: 30_000,
  });
}

/** What paying for an action on a chain looks like: free, or the member's gas (and why not free). */
export type GasPayer =
  | { payer: "arcana"; leftToday: number }
  | { payer: "member"; reason: ChainSponsorship["reason"] }
  | { payer: "unknown" };

export function gasPayer(sponsorship: Sponsorship | undefined, chainId: number, action: SponsoredAction): GasPayer {
  if (!sponsorship) return { payer: "unknown" };
  const chain = sponsorship.chains.find((candidate) => candidate.chain_id === chainId);
  if (!chain) return { payer: "member", reason: "not_configured" };
  if (chain.enabled && chain.actions.includes(action) && chain.left_today > 0) {
    return { payer: "arcana", leftToday: chain.left_today };
  }
  return {
    payer: "member",
    reason: chain.enabled ? (chain.left_today > 0 ? "not_configured" : "quota_used") : chain.reason,
  };
}

/** Why the member pays, in plain words and the page's language. */
export function whyMemberPays(
  reason: ChainSponsorship["reason"],
  chain: Pick<PublicChain, "name">,
  t: Translate,
): string {
  return t("modal.gas.why", { reason: reason ?? "not_configured", network: chain.name });
}

/** Whether a hook for this action is sponsored right now (for "free" labels). */
export function useGasPayer(chain: Pick<PublicChain, "id"> | null, action: SponsoredAction): GasPayer {
  const sponsorship = useSponsorship();
  return chain ? gasPayer(sponsorship.data, chain.id, action) : { payer: "unknown" };
}
