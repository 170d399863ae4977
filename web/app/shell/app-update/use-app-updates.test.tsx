import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testT } from "../../test/fixtures";
import { WithMessages } from "../../test/with-messages";
import { useToastStore } from "../../ui/toast-store";
import { Toaster } from "../../ui/toaster";
import { useAppUpdates } from "./use-app-updates";

function Harness({ buildId }: { buildId: string }) {
  useAppUpdates(buildId, testT());
  return <Toaster />;
}

describe("useAppUpdates", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("offers a reload when /build.json names a newer build", async () => {
    const fetcher = vi.fn(async () => Response.json({ build_id: "new" }));
    vi.stubGlobal("fetch", fetcher);
    render(<Harness buildId="old" />, { wrapper: WithMessages });
    await act(() => import("../../lib/build-check"));

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetcher).toHaveBeenCalledWith("/build.json", { cache: "no-store" });
    expect(screen.getByText("A new version of Arcana is available.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });

  it("stays quiet while the deployed build is the loaded one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ build_id: "same" })),
    );
    render(<Harness buildId="same" />, { wrapper: WithMessages });
    await act(() => import("../../lib/build-check"));

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  });
});
