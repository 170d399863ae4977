import { type ApiRouteInput, limits } from "@arcana/protocol";
import { listPointsHistoryRoute } from "@arcana/protocol/calls";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useMember } from "../account/use-member";

export function pointsHistoryQueryKey(uid: string) {
  return ["assets", uid] as const;
}

/** The `GET /assets` query for one page: 100 entries (spec §9), older than `cursor` when given. */
export function pointsHistoryPageQuery(cursor: string | null): ApiRouteInput<typeof listPointsHistoryRoute>["query"] {
  return cursor ? { per_page: limits.rewardsPageSize, cursor } : { per_page: limits.rewardsPageSize };
}

/** The member's points ledger, newest first, a page at a time. */
export function usePointsHistory() {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: pointsHistoryQueryKey(member?.uid ?? ""),
    queryFn: ({ pageParam, signal }) =>
      api(listPointsHistoryRoute, { query: pointsHistoryPageQuery(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: member !== null,
  });
}
