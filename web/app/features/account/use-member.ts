import type { User } from "@arcana/protocol";
import { useQuery } from "../../lib/query-hooks";
import { useSessionUser } from "./use-session-user";

/** The signed-in member's profile in the query cache; keyed by account so two never mix. */
export function memberQueryKey(uid: string) {
  return ["users", "mine", uid] as const;
}

/**
 * The signed-in member, or null for a visitor. Server rendering already knows the member (the
 * root loader), so that answer shows at once; the profile is then fetched (spec §4: on app
 * start with a session) to keep points and level fresh. A failed fetch is ignored: the member
 * keeps the profile the page was rendered with.
 */
export function useMember(): User | null {
  const sessionUser = useSessionUser();
  const { data } = useQuery({
    queryKey: memberQueryKey(sessionUser?.uid ?? ""),
    queryFn: async ({ signal }) => {
      // The API client loads with the first call, not with every page: visitors never make this one.
      const [{ api }, { getMyProfileRoute }] = await Promise.all([
        import("../../lib/api"),
        import("@arcana/protocol/calls"),
      ]);
      return api(getMyProfileRoute, { signal });
    },
    enabled: sessionUser !== null,
    initialData: sessionUser ?? undefined,
  });
  if (!sessionUser) return null;
  return data ?? sessionUser;
}
