import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WithMessages } from "../test/with-messages";
import { maxVisibleToasts, showToast, useToastStore } from "./toast-store";
import { Toaster } from "./toaster";

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows a toast in a polite live region and hides it after five seconds", () => {
    render(<Toaster />, { wrapper: WithMessages });
    act(() => {
      showToast({ message: "Saved", tone: "success" });
    });

    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(screen.getByText("Saved")).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("says a toast given as a translation in the page's language", () => {
    render(<Toaster />, { wrapper: ({ children }) => <WithMessages language="ko">{children}</WithMessages> });
    act(() => {
      showToast({ message: (t) => t("modal.walletError.notConnected"), tone: "error" });
    });
    expect(screen.getByText("먼저 지갑을 연결하세요.")).toBeTruthy();
  });

  it("keeps a toast without a duration until it is dismissed", () => {
    render(<Toaster />, { wrapper: WithMessages });
    act(() => {
      showToast({ message: "Stays", durationMs: null });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Stays")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Stays")).toBeNull();
  });

  it("runs the toast's action and then dismisses it", () => {
    const reload = vi.fn();
    render(<Toaster />, { wrapper: WithMessages });
    act(() => {
      showToast({ message: "New version", action: { label: "Reload", onClick: reload }, durationMs: null });
    });
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));

    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByText("New version")).toBeNull();
  });

  it("keeps only the newest few toasts on screen", () => {
    for (let index = 1; index <= maxVisibleToasts + 2; index++) showToast({ message: `Toast ${index}` });
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(["Toast 3", "Toast 4", "Toast 5"]);
  });
});
