// @vitest-environment node
import {
  QueryClient,
  QueryClientProvider,
  useMutation as tanstackMutation,
  useQuery as tanstackQuery,
} from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useMutation } from "./mutation-hook";
import { useQuery } from "./query-hooks";

/** Renders `use` on the server under a fresh query client; returns what it answered and the client. */
function answerOnServer<T>(use: () => T): { answer: T; client: QueryClient } {
  let answer: T | undefined;
  const client = new QueryClient();
  function Probe() {
    answer = use();
    return null;
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { answer: answer as T, client };
}

/** The fields a component can read, functions left out (they never run on the server). */
function fields(result: object) {
  return Object.fromEntries(
    Object.entries(result).filter(([name, value]) => typeof value !== "function" && name !== "promise"),
  );
}

describe("query hooks in server rendering", () => {
  it("answer every query as TanStack Query answers a query that has not run, and put nothing in the cache", () => {
    const notRun = answerOnServer(() => tanstackQuery({ queryKey: ["probe"], queryFn: async () => 1, enabled: false }));
    for (const options of [
      { queryKey: ["probe", "enabled"], queryFn: async () => 1 },
      { queryKey: ["probe", "initial"], queryFn: async () => 2, initialData: 1 },
    ]) {
      const ours = answerOnServer(() => useQuery(options));
      expect(fields(ours.answer)).toEqual(fields(notRun.answer));
      expect(ours.answer).toMatchObject({ status: "pending", fetchStatus: "idle", data: undefined, isLoading: false });
      // No observer, no cache entry: a member's page costs the server nothing per query.
      expect(ours.client.getQueryCache().getAll()).toEqual([]);
    }
  });

  it("answer every mutation as an idle TanStack Query mutation", () => {
    const real = answerOnServer(() => tanstackMutation({ mutationFn: async () => 1 }));
    const ours = answerOnServer(() => useMutation({ mutationFn: async () => 1 }));
    expect({ ...fields(ours.answer), submittedAt: 0 }).toEqual({ ...fields(real.answer), submittedAt: 0 });
    expect(ours.client.getMutationCache().getAll()).toEqual([]);
  });
});
