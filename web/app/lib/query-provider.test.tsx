import { dehydrate, useIsRestoring, useQueryClient } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createQueryClient, getQueryClient } from "./query-client";
import { queryCacheStorageKey } from "./query-persistence";
import { QueryProvider } from "./query-provider";

function Probe() {
  const restoring = useIsRestoring();
  const tarot = useQueryClient().getQueryData<{ content: string }>(["tarot"]);
  return <p data-testid="probe">{restoring ? "restoring" : (tarot?.content ?? "empty")}</p>;
}

/** The provider of build 1 around the probe, as the app renders it. */
function renderProbe() {
  render(
    <QueryProvider buildId="build-1">
      <Probe />
    </QueryProvider>,
  );
}

/** What the probe shows: "restoring", "empty" or the cached tarot's content. */
const probeText = () => screen.getByTestId("probe").textContent;

function store(buster: string, timestamp = Date.now()) {
  const client = createQueryClient();
  client.setQueryData(["tarot"], { content: "The Star" });
  localStorage.setItem(queryCacheStorageKey, JSON.stringify({ buster, timestamp, clientState: dehydrate(client) }));
}

describe("QueryProvider", () => {
  beforeEach(() => {
    document.documentElement.lang = "en";
    localStorage.clear();
    getQueryClient().clear();
  });
  afterEach(cleanup);

  it("holds the queries back until the stored cache of this build is restored", async () => {
    store("build-1/en");
    renderProbe();
    expect(probeText()).toBe("restoring");
    await waitFor(() => expect(probeText()).toBe("The Star"));
  });

  it("drops the cache another build stored, then stores its own", async () => {
    store("build-0/en");
    renderProbe();
    await waitFor(() => expect(probeText()).toBe("empty"));
    expect(localStorage.getItem(queryCacheStorageKey)).toBeNull();
    act(() => getQueryClient().setQueryData(["tarot"], { content: "The Moon" }));
    await waitFor(() => expect(localStorage.getItem(queryCacheStorageKey)).toContain("The Moon"), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem(queryCacheStorageKey) ?? "null").buster).toBe("build-1/en");
  });

  it("drops the cache stored while the page was in another language (its box names and task titles)", async () => {
    store("build-1/en");
    document.documentElement.lang = "zh-CN";
    renderProbe();
    await waitFor(() => expect(probeText()).toBe("empty"));
    expect(localStorage.getItem(queryCacheStorageKey)).toBeNull();
  });
});
