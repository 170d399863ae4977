import type { User } from "@arcana/protocol";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { pointsHistoryQueryKey } from "../points-history/use-points-history";
import { memberQueryKey, useMember } from "./use-member";

/**
 * After a call that moved the member's points: the header shows the new balance at once, then the
 * rewards history, the profile and whatever else the move touched (`touched`) are fetched again.
 */
export function usePointsMoved(touched: (uid: string) => QueryKey[]) {
  const queryClient = useQueryClient();
  const member = useMember();
  return async (pts: number) => {
    if (!member) return;
    queryClient.setQueryData<User>(memberQueryKey(member.uid), (user) => (user ? { ...user, pts } : user));
    await Promise.all(
      [...touched(member.uid), pointsHistoryQueryKey(member.uid), memberQueryKey(member.uid)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}
