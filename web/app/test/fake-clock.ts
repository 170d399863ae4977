import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * For each test of the calling block: fake timers, the clock set to `now`; after it, the rendered
 * DOM is cleaned up and the real timers come back.
 */
export function fakeClockPerTest(now = "2025-03-01T12:00:00.000Z") {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
