import {
  MutationObserver,
  QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useTanstackMutation,
} from "@tanstack/react-query";

/**
 * TanStack Query's `useMutation`; on the server, where no mutation ever runs, every call answers
 * TanStack's own result for a mutation not yet asked for (idle), taken once from a real observer
 * instead of an observer per call (see ./query-hooks.ts). Mutations are never stored across visits,
 * so the browser's first render already agrees with the server's. Apart from ./query-hooks.ts so the
 * first load does without mutations.
 */
const observed = new MutationObserver<never, never, void, never>(new QueryClient(), {}).getCurrentResult();
if (!observed.isIdle) throw new Error("A new mutation observer answers idle.");
const notAskedFor = observed;

function useMutationOnServer<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  _options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  // The shared observer's own functions, as TanStack's hook hands them out (nothing calls them on the server).
  const mutateAsync = () => notAskedFor.mutate();
  return { ...notAskedFor, mutate: () => void mutateAsync().catch(() => undefined), mutateAsync };
}

export const useMutation: typeof useMutationOnServer =
  typeof window === "undefined" ? useMutationOnServer : useTanstackMutation;
