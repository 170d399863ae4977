import { dehydrate, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api";
import { createQueryClient, getQueryClient, queryRetryDelay } from "./query-client";
import { createQueryPersister, persistOptions, queryCacheStorageKey } from "./query-persistence";

describe("query retry delay", () => {
  it("doubles from one second and stops growing at thirty seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("query client", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("tries a failing query four times in all, waiting 1 s, 2 s and 4 s between tries", async () => {
    const client = createQueryClient();
    const fetchPoints = vi.fn(async () => {
      throw new Error("API down");
    });
    const result = client.fetchQuery({ queryKey: ["points"], queryFn: fetchPoints });
    result.catch(() => undefined);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPoints).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchPoints).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPoints).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchPoints).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchPoints).toHaveBeenCalledTimes(4);
    await expect(result).rejects.toThrow("API down");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchPoints).toHaveBeenCalledTimes(4);
  });

  it("does not ask again when the API refused the request (4xx): it would refuse again", async () => {
    const client = createQueryClient();
    const fetchPasses = vi.fn(async () => {
      throw new ApiRequestError({ status: 403, code: "forbidden", message: "Bind a wallet first." });
    });
    const result = client.fetchQuery({ queryKey: ["passes"], queryFn: fetchPasses });
    result.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchPasses).toHaveBeenCalledTimes(1);
    await expect(result).rejects.toThrow("Bind a wallet first.");
  });

  it("never retries a failed mutation", async () => {
    const client = createQueryClient();
    const purchase = vi.fn(async () => {
      throw new Error("not enough points");
    });
    const mutation = client.getMutationCache().build(client, { mutationFn: purchase });

    await expect(mutation.execute(undefined)).rejects.toThrow("not enough points");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(purchase).toHaveBeenCalledTimes(1);
  });

  it("forgets unused query data after five minutes", async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ["boxes"], queryFn: async () => ["box"] });

    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1);
    expect(client.getQueryData(["boxes"])).toEqual(["box"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(["boxes"])).toBeUndefined();
  });

  it("is created once per browser tab", () => {
    expect(getQueryClient()).toBe(getQueryClient());
    expect(getQueryClient()).toBeInstanceOf(QueryClient);
  });
});

describe("query cache persistence", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it("writes the cache to localStorage at most once a second and keeps it for a day", async () => {
    const client = createQueryClient();
    const persister = createQueryPersister(localStorage);
    client.setQueryData(["tarot"], { content: "The Star" });

    await persister.persistClient({ timestamp: Date.now(), buster: "", clientState: dehydrate(client) });
    expect(localStorage.getItem(queryCacheStorageKey)).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    const saved = JSON.parse(localStorage.getItem(queryCacheStorageKey) ?? "null");
    expect(saved.clientState.queries[0].state.data).toEqual({ content: "The Star" });
    expect(persistOptions.maxAge).toBe(24 * 60 * 60 * 1000);
  });

  it("does nothing where there is no storage, as during server rendering", async () => {
    const persister = createQueryPersister(undefined);
    expect(await persister.restoreClient()).toBeUndefined();
  });
});
