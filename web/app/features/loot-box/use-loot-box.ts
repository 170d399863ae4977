import {
  getBoxFairnessRoute,
  getBoxMarketRoute,
  getBoxResultsRoute,
  getLootboxSummaryRoute,
  listMyBoxesRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol/calls";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/mutation-hook";
import { useQuery } from "../../lib/query-hooks";
import { useMember } from "../account/use-member";
import { usePointsMoved } from "../account/use-points-moved";

export const lootBoxQueryKeys = {
  market: ["boxes", "market"] as const,
  results: (boxId: string) => ["boxes", "results", boxId] as const,
  mine: (uid: string) => ["boxes", "mine", uid] as const,
  fairness: (uid: string) => ["boxes", "fairness", uid] as const,
};

/** The market, public: readable before sign-in. */
export function useMarket() {
  return useQuery({
    queryKey: lootBoxQueryKeys.market,
    queryFn: ({ signal }) => api(getBoxMarketRoute, { signal }),
  });
}

/** What each box's odds produced over the last 90 days (public). */
export function useBoxResults(boxId: string) {
  return useQuery({
    queryKey: lootBoxQueryKeys.results(boxId),
    queryFn: ({ signal }) => api(getBoxResultsRoute, { params: { id: boxId }, signal }),
  });
}

export function useMyBoxes() {
  const member = useMember();
  return useQuery({
    queryKey: lootBoxQueryKeys.mine(member?.uid ?? ""),
    queryFn: ({ signal }) => api(listMyBoxesRoute, { query: { per_page: 50 }, signal }),
    enabled: member !== null,
  });
}

export function useFairness() {
  const member = useMember();
  return useQuery({
    queryKey: lootBoxQueryKeys.fairness(member?.uid ?? ""),
    queryFn: ({ signal }) => api(getBoxFairnessRoute, { signal }),
    enabled: member !== null,
  });
}

/** After a purchase or an opening: the header's points at once, then the boxes the move touched. */
function useRefreshAfterMove() {
  return usePointsMoved((uid) => [
    lootBoxQueryKeys.market,
    ["boxes", "summary", uid],
    ["boxes", "results"],
    lootBoxQueryKeys.mine(uid),
    lootBoxQueryKeys.fairness(uid),
  ]);
}

/** Buys boxes; one Idempotency-Key per confirmed purchase, so a retried request is charged once. */
export function usePurchase() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: ({ boxId, quantity, key }: { boxId: string; quantity: number; key: string }) =>
      api(purchaseBoxesRoute, { body: { box_id: boxId, quantity }, headers: { "idempotency-key": key } }),
    onSuccess: (result) => refresh(result.pts),
  });
}

export function useOpenBox() {
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (ownedBoxId: string) => api(openBoxRoute, { body: { owned_box_id: ownedBoxId } }),
    onSuccess: (result) => refresh(result.pts),
  });
}

export function useRotateSeed() {
  const queryClient = useQueryClient();
  const member = useMember();
  return useMutation({
    mutationFn: (clientSeed: string | undefined) =>
      api(rotateBoxSeedRoute, { body: clientSeed === undefined ? {} : { client_seed: clientSeed } }),
    // The past openings (now with the old seed revealed) first, then the new commitment: the page shows the new hash
    // only once every opening under the old one can be verified, never a Verify that answers "still secret".
    onSuccess: async (fairness) => {
      if (!member) return;
      await queryClient.invalidateQueries({ queryKey: lootBoxQueryKeys.mine(member.uid) });
      queryClient.setQueryData(lootBoxQueryKeys.fairness(member.uid), fairness);
    },
  });
}

/** Unopened counts, the fairness commitment and the member's limits left. */
export function useLootboxSummary() {
  const member = useMember();
  return useQuery({
    queryKey: ["boxes", "summary", member?.uid ?? ""],
    queryFn: ({ signal }) => api(getLootboxSummaryRoute, { signal }),
    enabled: member !== null,
  });
}
