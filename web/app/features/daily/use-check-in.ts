import type { CheckInStatus } from "@arcana/protocol";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { useMember } from "../account/use-member";

export function checkInQueryKey(uid: string) {
  return ["blockchain", "check_in", uid] as const;
}

/**
 * `GET /blockchain/check_in`. A failure is swallowed (spec §7): the answer is null and the page
 * shows its empty state rather than an error.
 */
export async function fetchCheckInStatus(signal?: AbortSignal): Promise<CheckInStatus | null> {
  try {
    return await apiGet<CheckInStatus>("/blockchain/check_in", { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/** The member's check-in week and streak; `data` is null when it could not be loaded. */
export function useCheckInStatus() {
  const member = useMember();
  return useQuery({
    queryKey: checkInQueryKey(member?.uid ?? ""),
    queryFn: ({ signal }) => fetchCheckInStatus(signal),
    enabled: member !== null,
  });
}
