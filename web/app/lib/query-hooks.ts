import { useMutation as useMutationInBrowser, useQuery as useQueryInBrowser } from "@tanstack/react-query";

/**
 * TanStack Query's `useQuery` and `useMutation`, minus their cost in server rendering, where no
 * query ever runs: the page renders while `QueryProvider` holds every query until the stored cache is
 * restored (`useIsRestoring`), so each query answers pending and idle, and each mutation idle, the
 * very answers hydration renders with. On the server these are those constant answers instead of an
 * observer per call (a member's `/` makes a dozen). Queries with `initialData` would answer it:
 * `useMember` reads the root loader's member itself, so none here has any.
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

const idleMutation = Object.freeze({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isError: false,
  isIdle: true,
  isPaused: false,
  isPending: false,
  isSuccess: false,
  status: "idle",
  submittedAt: 0,
  variables: undefined,
  mutate: () => undefined,
  mutateAsync: () => Promise.reject(new Error("mutations do not run in server rendering")),
  reset: () => undefined,
});

const isServer = typeof window === "undefined";

// The constant answers stand for every instantiation of the generic hooks: the casts say so.
export const useQuery = isServer ? ((() => pendingQuery) as unknown as typeof useQueryInBrowser) : useQueryInBrowser;

export const useMutation = isServer
  ? ((() => idleMutation) as unknown as typeof useMutationInBrowser)
  : useMutationInBrowser;
