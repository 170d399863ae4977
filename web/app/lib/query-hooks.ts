import { type UseQueryOptions, useQuery as useQueryInBrowser } from "@tanstack/react-query";

/**
 * TanStack Query's `useQuery` minus its cost in server rendering, where no query ever runs: the page
 * renders while `QueryProvider` holds every query until the stored cache is restored
 * (`useIsRestoring`), so each query answers pending and idle, the very answer hydration renders
 * with. On the server that constant answer stands in for an observer per call (a member's `/` makes
 * a dozen). A query with `initialData` answers it, as TanStack's does (`useMember`: the root loader's
 * member). `useMutation`'s counterpart is ./mutation-hook.ts, apart so the first load does without
 * mutations.
 */
const pendingQuery = Object.freeze({
  data: undefined,
  dataUpdatedAt: 0,
  error: null,
  errorUpdatedAt: 0,
  errorUpdateCount: 0,
  failureCount: 0,
  failureReason: null,
  fetchStatus: "idle",
  // With `isStale`, the fields that differ for a disabled query (false there); no component reads them.
  isEnabled: true,
  isError: false,
  isFetched: false,
  isFetchedAfterMount: false,
  isFetching: false,
  isInitialLoading: false,
  isLoading: false,
  isLoadingError: false,
  isPaused: false,
  isPending: true,
  isPlaceholderData: false,
  isRefetchError: false,
  isRefetching: false,
  isStale: true,
  isSuccess: false,
  status: "pending",
  refetch: () => Promise.reject(new Error("queries do not run in server rendering")),
});

/** A query's answer in server rendering: its `initialData` when it has some, pending otherwise. */
function serverQuery(options: Pick<UseQueryOptions, "initialData">) {
  const data = typeof options.initialData === "function" ? options.initialData() : options.initialData;
  if (data === undefined) return pendingQuery;
  return { ...pendingQuery, data, dataUpdatedAt: Date.now(), isPending: false, isSuccess: true, status: "success" };
}

// The answers stand for every instantiation of the generic hook: the cast says so.
export const useQuery =
  typeof window === "undefined" ? (serverQuery as unknown as typeof useQueryInBrowser) : useQueryInBrowser;
