import type { UseReferralResult } from "@arcana/protocol";
import {
  claimKolRewardsRoute,
  claimReferralRewardsRoute,
  getKolSummaryRoute,
  getReferralSummaryRoute,
  useReferralCodeRoute,
} from "@arcana/protocol/calls";
import { create } from "zustand";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { useQuery } from "../../lib/query-hooks";
import { useMember } from "../account/use-member";
import { usePointsMoved } from "../account/use-points-moved";
import { tasksQueryKey } from "../tasks/use-tasks";

export const referralQueryKeys = {
  summary: (uid: string) => ["referrals", "summary", uid] as const,
  kol: (uid: string) => ["referrals", "kol", uid] as const,
};

export function useReferralSummary() {
  const member = useMember();
  return useQuery({
    queryKey: referralQueryKeys.summary(member?.uid ?? ""),
    queryFn: ({ signal }) => api(getReferralSummaryRoute, { signal }),
    enabled: member !== null,
  });
}

export function useKolSummary() {
  const member = useMember();
  return useQuery({
    queryKey: referralQueryKeys.kol(member?.uid ?? ""),
    queryFn: ({ signal }) => api(getKolSummaryRoute, { signal }),
    enabled: member !== null,
  });
}

/** The last code this member applied, for the invites-success window. */
export const useAppliedReferral = create<{
  applied: UseReferralResult | null;
  setApplied: (result: UseReferralResult) => void;
}>()((set) => ({ applied: null, setApplied: (applied) => set({ applied }) }));

/** After points moved: the header at once, then the invites and tasks they touched. */
function useRefreshAfterReferral() {
  return usePointsMoved((uid) => [referralQueryKeys.summary(uid), referralQueryKeys.kol(uid), tasksQueryKey(uid)]);
}

export function useApplyReferralCode() {
  const refresh = useRefreshAfterReferral();
  const setApplied = useAppliedReferral((state) => state.setApplied);
  return useMutation({
    mutationFn: (code: string) => api(useReferralCodeRoute, { body: { code } }),
    onSuccess: async (result) => {
      setApplied(result);
      await refresh(result.pts);
    },
  });
}

export function useClaimReferralRewards() {
  const refresh = useRefreshAfterReferral();
  return useMutation({
    mutationFn: () => api(claimReferralRewardsRoute),
    onSuccess: (result) => refresh(result.pts),
  });
}

export function useClaimKolRewards() {
  const refresh = useRefreshAfterReferral();
  return useMutation({
    mutationFn: () => api(claimKolRewardsRoute),
    onSuccess: (result) => refresh(result.pts),
  });
}
