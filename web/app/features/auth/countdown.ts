import { useEffect, useReducer } from "react";

/** Whole seconds left until `untilMs`, rounded up so "0:01" shows until the moment passes. */
export function secondsLeft(untilMs: number | null, nowMs: number): number {
  if (untilMs === null) return 0;
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** "0:42", "1:05": how a countdown reads on a button. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Seconds left until `untilMs` (a `Date.now()` time), re-rendering as each second passes and
 * stopping at zero. Ticks land on second boundaries so the display never skips a number.
 */
export function useCountdown(untilMs: number | null): number {
  const [, rerender] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    if (untilMs === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const remaining = untilMs - Date.now();
      if (remaining > 0) timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    const tick = () => {
      rerender();
      schedule();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [untilMs]);

  // Read the clock while rendering, so a new deadline shows its full count at once.
  return untilMs === null ? 0 : secondsLeft(untilMs, Date.now());
}
