import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchLatestBuildId, startBuildCheck } from "./build-check";

const hour = 60 * 60 * 1000;

describe("startBuildCheck", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("looks about a second after load, then every hour", async () => {
    const fetchBuildId = vi.fn(async () => "build-1");
    const stop = startBuildCheck({ currentBuildId: "build-1", fetchBuildId, onNewBuild: vi.fn() });

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(hour);
    expect(fetchBuildId).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(hour);
    expect(fetchBuildId).toHaveBeenCalledTimes(3);
    stop();
  });

  it("skips the early look on a slow-2g connection but still checks hourly", async () => {
    const fetchBuildId = vi.fn(async () => "build-1");
    const stop = startBuildCheck({
      currentBuildId: "build-1",
      fetchBuildId,
      onNewBuild: vi.fn(),
      effectiveType: "slow-2g",
    });

    await vi.advanceTimersByTimeAsync(hour - 1);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    stop();
  });

  it("tells once when a different build is deployed, then stops checking", async () => {
    const fetchBuildId = vi.fn(async () => "build-2");
    const onNewBuild = vi.fn();
    startBuildCheck({ currentBuildId: "build-1", fetchBuildId, onNewBuild });

    await vi.advanceTimersByTimeAsync(1000);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith("build-2");
    await vi.advanceTimersByTimeAsync(3 * hour);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });

  it("says nothing while the build is the same or unknown", async () => {
    const ids = ["build-1", null];
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({
      currentBuildId: "build-1",
      fetchBuildId: async () => ids.shift() ?? null,
      onNewBuild,
    });

    await vi.advanceTimersByTimeAsync(1000 + hour);
    expect(onNewBuild).not.toHaveBeenCalled();
    stop();
  });

  it("stops all checks when the page goes away", async () => {
    const fetchBuildId = vi.fn(async () => "build-2");
    const stop = startBuildCheck({ currentBuildId: "build-1", fetchBuildId, onNewBuild: vi.fn() });
    stop();

    await vi.advanceTimersByTimeAsync(2 * hour);
    expect(fetchBuildId).not.toHaveBeenCalled();
  });
});

describe("fetchLatestBuildId", () => {
  it("reads build_id from /build.json without the HTTP cache", async () => {
    const fetcher = vi.fn(async () => Response.json({ build_id: "abc123" }));

    await expect(fetchLatestBuildId(fetcher)).resolves.toBe("abc123");
    expect(fetcher).toHaveBeenCalledWith("/build.json", { cache: "no-store" });
  });

  it("yields null when the request fails or the answer is malformed", async () => {
    await expect(fetchLatestBuildId(async () => new Response("gone", { status: 404 }))).resolves.toBeNull();
    await expect(fetchLatestBuildId(async () => Response.json({ version: 2 }))).resolves.toBeNull();
    await expect(
      fetchLatestBuildId(async () => {
        throw new TypeError("offline");
      }),
    ).resolves.toBeNull();
  });
});
