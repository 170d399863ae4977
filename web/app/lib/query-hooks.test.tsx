// @vitest-environment node
import { useMutation as tanstackMutation, useQuery as tanstackQuery } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useMutation } from "./mutation-hook";
import { useQuery } from "./query-hooks";
import { QueryProvider } from "./query-provider";

/** Renders `use` on the server, under the app's provider, and returns what it answered. */
function answerOnServer<T>(use: () => T): T {
  let answer: T | undefined;
  function Probe() {
    answer = use();
    return null;
  }
  renderToString(
    <QueryProvider buildId="test">
      <Probe />
    </QueryProvider>,
  );
  return answer as T;
}

/** The fields a component can read, functions left out (they never run on the server). */
function fields(result: object) {
  return Object.fromEntries(
    Object.entries(result).filter(([name, value]) => typeof value !== "function" && name !== "promise"),
  );
}

describe("query hooks in server rendering", () => {
  it("answers every query as TanStack Query does while the provider restores the cache: pending and idle", () => {
    for (const enabled of [true, false]) {
      const options = { queryKey: ["probe", enabled], queryFn: async () => 1, enabled };
      const real = answerOnServer(() => tanstackQuery(options));
      const ours = answerOnServer(() => useQuery(options));
      // `isEnabled` and `isStale` are true in the constant answer whatever `enabled` says (no component reads them).
      expect(fields(ours)).toEqual(enabled ? fields(real) : { ...fields(real), isEnabled: true, isStale: true });
      expect(ours).toMatchObject({ status: "pending", fetchStatus: "idle", isPending: true, isLoading: false });
    }
  });

  it("answers a query's initial data as TanStack Query does", () => {
    const options = { queryKey: ["probe", "initial"], queryFn: async () => 2, initialData: 1 };
    const real = answerOnServer(() => tanstackQuery(options));
    const ours = answerOnServer(() => useQuery(options));
    // `dataUpdatedAt` is the time of the render in both.
    expect({ ...fields(ours), dataUpdatedAt: 0 }).toEqual({ ...fields(real), dataUpdatedAt: 0 });
    expect(ours).toMatchObject({ data: 1, status: "success" });
  });

  it("answers every mutation as an idle TanStack Query mutation", () => {
    const real = answerOnServer(() => tanstackMutation({ mutationFn: async () => 1 }));
    const ours = answerOnServer(() => useMutation({ mutationFn: async () => 1 }));
    expect(fields(ours)).toEqual(fields(real));
  });
});
