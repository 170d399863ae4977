import { type AssetsPage, limits } from "@arcana/protocol";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { useMember } from "../account/use-member";

export function pointsHistoryQueryKey(uid: string) {
  return ["assets", uid] as const;
}

/** The `GET /assets` path for one page: 100 entries (spec §9), older than `cursor` when given. */
export function pointsHistoryPagePath(cursor: string | null): string {
  const query = new URLSearchParams({ per_page: String(limits.rewardsPageSize) });
  if (cursor) query.set("cursor", cursor);
  return `/assets?${query}`;
}

/** The member's points ledger, newest first, a page at a time. */
export function usePointsHistory() {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: pointsHistoryQueryKey(member?.uid ?? ""),
    queryFn: ({ pageParam, signal }) => apiGet<AssetsPage>(pointsHistoryPagePath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: member !== null,
  });
}
