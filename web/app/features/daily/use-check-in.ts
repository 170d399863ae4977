import type { CheckInStatus } from "@arcana/protocol";
import { getCheckInStatusRoute } from "@arcana/protocol/calls";
import { api } from "../../lib/api";
import { useQuery } from "../../lib/query-hooks";
import { useMember } from "../account/use-member";

/** Keyed by the GMT date too, so a new day never shows yesterday's answer; `uid` alone covers every day. */
export function checkInQueryKey(uid: string, today?: string | null) {
  return today === undefined
    ? (["blockchain", "check_in", uid] as const)
    : (["blockchain", "check_in", uid, today] as const);
}

/**
 * `GET /blockchain/check_in`. A failure is swallowed (spec §7): the answer is null and the page
 * shows its empty state rather than an error.
 */
export async function fetchCheckInStatus(signal?: AbortSignal): Promise<CheckInStatus | null> {
  try {
    return await api(getCheckInStatusRoute, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/**
 * The member's check-in week, streak and whether today is done, for `today` (the GMT date, null
 * until the browser knows it); `data` is null when it could not be loaded.
 */
export function useCheckInStatus(today: string | null) {
  const member = useMember();
  return useQuery({
    queryKey: checkInQueryKey(member?.uid ?? "", today),
    queryFn: ({ signal }) => fetchCheckInStatus(signal),
    enabled: member !== null && today !== null,
  });
}
