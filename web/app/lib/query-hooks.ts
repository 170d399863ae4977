import {
  QueryClient,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery as useTanstackQuery,
} from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Member data is the browser's (docs/decisions/0013-web-data-model.md): no query runs and no cache is
 * read while the server renders a page or while React hydrates a component. Both answer every query
 * with the same value, TanStack Query's own result for a query that has not run (disabled, nothing
 * cached), taken once from a real observer. Server and hydration render from that one value, so the
 * cache the browser restored from localStorage (./query-provider.tsx) cannot make them differ, however
 * late a part hydrates (a lazy part whose code arrives after the restore). Once hydrated, a component
 * renders again with TanStack's answer: the restored data, then fresh data.
 *
 * On the server that shared value also spares an observer per call (a member's `/` makes a dozen).
 */
export const queryNotRun = new QueryObserver<never, never>(new QueryClient(), {
  queryKey: ["not-run"],
  enabled: false,
}).getCurrentResult();

const noSubscription = () => () => {};

/** True while the server renders and while React hydrates the calling component; false after. */
export function useHydrating() {
  // React reads the server snapshot on the server and while hydrating, then renders again with the browser's.
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

function useQueryInBrowser<
  TQueryFnData = unknown,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const hydrating = useHydrating();
  const answer = useTanstackQuery(options);
  return hydrating ? queryNotRun : answer;
}

/** On the server no query runs: every call answers "not run", whatever its options. */
const useQueryOnServer: typeof useQueryInBrowser = () => queryNotRun;

/** TanStack Query's `useQuery`, answering "not run" on the server and while its component hydrates. */
export const useQuery: typeof useQueryInBrowser = typeof window === "undefined" ? useQueryOnServer : useQueryInBrowser;
