import { useMutation as useMutationInBrowser } from "@tanstack/react-query";

/**
 * TanStack Query's `useMutation` minus its cost in server rendering, where no mutation ever runs:
 * there it answers idle, as TanStack's does, instead of making an observer (see ./query-hooks.ts).
 */
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

// The answer stands for every instantiation of the generic hook: the cast says so.
export const useMutation =
  typeof window === "undefined"
    ? ((() => idleMutation) as unknown as typeof useMutationInBrowser)
    : useMutationInBrowser;
