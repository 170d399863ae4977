import { useEffect, useRef, useState } from "react";

/** The countdown never asks the server again sooner than this, even when it says "now". */
export const minimumRefreshMs = 1000;

/** "14:24", "0:05", "23:59:59": time to the next point, whole seconds rounded up. */
export function formatRewardCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** When the next point lands, on this browser's clock: the answer's time plus the server's wait. */
export function nextPointAt(fetchedAtMs: number, nextPointInMs: number | null): number | null {
  return nextPointInMs === null ? null : fetchedAtMs + Math.max(nextPointInMs, minimumRefreshMs);
}

/**
 * Milliseconds left until `deadlineMs`, ticking once a second on the second boundary; null before
 * the page is mounted (the server and the first render show no time) and with no deadline.
 * `onElapsed` runs once when the count reaches zero, e.g. to ask the server for fresh rewards.
 */
export function useRewardCountdown(deadlineMs: number | null, onElapsed: () => void): number | null {
  const [now, setNow] = useState<number | null>(null);
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;

  useEffect(() => {
    if (deadlineMs === null) {
      setNow(null);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const remaining = deadlineMs - current;
      if (remaining <= 0) {
        elapsed.current();
        return;
      }
      timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadlineMs]);

  if (deadlineMs === null || now === null) return null;
  return Math.max(0, deadlineMs - now);
}
