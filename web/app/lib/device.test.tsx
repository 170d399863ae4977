import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceForWidth, useDevice } from "./device";

function resizeTo(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event("resize"));
}

describe("deviceForWidth", () => {
  it("sorts widths into mobile (≤ 640), tablet (≤ 1024) and desktop", () => {
    expect(deviceForWidth(360)).toEqual({ isMobile: true, isTablet: false, isDesktop: false, width: 360 });
    expect(deviceForWidth(640).isMobile).toBe(true);
    expect(deviceForWidth(641).isTablet).toBe(true);
    expect(deviceForWidth(1024).isTablet).toBe(true);
    expect(deviceForWidth(1025).isDesktop).toBe(true);
  });
});

describe("useDevice", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerWidth = 1280;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("measures the viewport once mounted", () => {
    const { result } = renderHook(() => useDevice());
    expect(result.current).toEqual({ isMobile: false, isTablet: false, isDesktop: true, width: 1280 });
  });

  it("updates 50 ms after the last resize, not on every resize event", () => {
    const { result } = renderHook(() => useDevice());

    act(() => {
      resizeTo(800);
      vi.advanceTimersByTime(30);
      resizeTo(375);
      vi.advanceTimersByTime(49);
    });
    expect(result.current.width).toBe(1280);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual({ isMobile: true, isTablet: false, isDesktop: false, width: 375 });
  });
});
