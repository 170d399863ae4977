import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeClockPerTest } from "../../test/fake-clock";
import { formatCountdown, secondsLeft, useCountdown } from "./countdown";

function ResendLabel({ untilMs }: { untilMs: number | null }) {
  const left = useCountdown(untilMs);
  return <p>{left > 0 ? `Resend in ${formatCountdown(left)}` : "Resend now"}</p>;
}

describe("resend countdown", () => {
  fakeClockPerTest();

  it("counts whole seconds, rounding up so the last second still shows", () => {
    const now = Date.now();
    expect(secondsLeft(now + 60_000, now)).toBe(60);
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1, now)).toBe(1);
    expect(secondsLeft(now, now)).toBe(0);
    expect(secondsLeft(now - 5000, now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });

  it("reads as minutes and seconds", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(0)).toBe("0:00");
  });

  it("shows 60 s after a code is sent, ticks down each second and then offers a resend", () => {
    render(<ResendLabel untilMs={Date.now() + 60_000} />);
    expect(screen.getByText("Resend in 1:00")).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Resend in 0:59")).toBeTruthy();

    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByText("Resend in 0:01")).toBeTruthy();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Resend now")).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts over from the full count when a new deadline arrives", () => {
    const { rerender } = render(<ResendLabel untilMs={Date.now() + 3000} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText("Resend now")).toBeTruthy();

    rerender(<ResendLabel untilMs={Date.now() + 42_000} />);
    expect(screen.getByText("Resend in 0:42")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText("Resend in 0:40")).toBeTruthy();
  });
});
