import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { fakeClockPerTest } from "../../test/fake-clock";
import { formatRewardCountdown, nextPointAt, useRewardCountdown } from "./staking-reward-countdown";

function NextPoint({ deadline, onElapsed }: { deadline: number | null; onElapsed: () => void }) {
  const left = useRewardCountdown(deadline, onElapsed);
  return <p>{left === null ? "no countdown" : `Next point in ${formatRewardCountdown(left)}`}</p>;
}

describe("the countdown to the next staking point", () => {
  fakeClockPerTest();

  it("reads minutes and seconds, with hours once it is an hour or more, rounding up", () => {
    expect(formatRewardCountdown(864_000)).toBe("14:24");
    expect(formatRewardCountdown(4_001)).toBe("0:05");
    expect(formatRewardCountdown(1)).toBe("0:01");
    expect(formatRewardCountdown(0)).toBe("0:00");
    expect(formatRewardCountdown(-50)).toBe("0:00");
    expect(formatRewardCountdown(3_600_000)).toBe("1:00:00");
    expect(formatRewardCountdown(86_399_000)).toBe("23:59:59");
  });

  it("places the next point on this browser's clock, never sooner than a second away", () => {
    expect(nextPointAt(10_000, 5_000)).toBe(15_000);
    expect(nextPointAt(10_000, 0)).toBe(11_000);
    expect(nextPointAt(10_000, null)).toBeNull();
  });

  it("renders no time on the server, so the page hydrates without a mismatch", () => {
    expect(renderToString(<NextPoint deadline={Date.now() + 5000} onElapsed={() => {}} />)).toContain("no countdown");
  });

  it("ticks each second and asks for fresh rewards once, when it reaches zero", () => {
    const onElapsed = vi.fn();
    render(<NextPoint deadline={Date.now() + 3_400} onElapsed={onElapsed} />);
    expect(screen.getByText("Next point in 0:04")).toBeTruthy();

    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText("Next point in 0:03")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Next point in 0:02")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Next point in 0:01")).toBeTruthy();
    expect(onElapsed).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Next point in 0:00")).toBeTruthy();
    expect(onElapsed).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onElapsed).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts over from the new deadline the fresh rewards bring", () => {
    const { rerender } = render(<NextPoint deadline={Date.now() + 1000} onElapsed={() => {}} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Next point in 0:00")).toBeTruthy();

    rerender(<NextPoint deadline={Date.now() + 864_000} onElapsed={() => {}} />);
    expect(screen.getByText("Next point in 14:24")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Next point in 14:23")).toBeTruthy();
  });

  it("shows nothing with nothing staked", () => {
    render(<NextPoint deadline={null} onElapsed={() => {}} />);
    expect(screen.getByText("no countdown")).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
