import { type UseQueryOptions, useQuery as useQueryInBrowser } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * TanStack Query's `useQuery` minus its cost in server rendering, where no query ever runs: the page
 * renders while `QueryProvider` holds every query until the stored cache is restored
 * (`useIsRestoring`), so each query answers pending and idle, the very answer hydration renders
 * with. On the server that constant answer stands in for an observer per call (a member's `/` makes
 * a dozen). A query with `initialData` answers it, as TanStack's does (`useMember`: the root loader's
 * member). `useMutation`'s counterpart is ./mutation-hook.ts, apart so the first load does without
 * mutations.
 *
 * In the browser a component answers the server's answer while React hydrates it, then the cache's:
 * a part that hydrates late (a lazy part whose code came after the stored cache was restored) would
 * otherwise read restored data where the server rendered none, and fail to hydrate.
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

const noSubscription = () => () => {};

/** TanStack's `useQuery`, answering as the server did while React hydrates the component. */
function useQueryWhenHydrated(options: UseQueryOptions) {
  // React reads the server snapshot while hydrating, then renders again with the browser's.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const answer = useQueryInBrowser(options);
  return hydrating ? serverQuery(options) : answer;
}

// The answers stand for every instantiation of the generic hook: the cast says so.
export const useQuery = (typeof window === "undefined"
  ? serverQuery
  : useQueryWhenHydrated) as unknown as typeof useQueryInBrowser;
