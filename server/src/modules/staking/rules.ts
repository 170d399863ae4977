import { DAY_MS } from "@arcana/protocol";

/** Whole points a pass has earned since `sinceMs`: `ratePerDay` per GMT day, accrued by the second. */
export function accruedPoints(sinceMs: number, nowMs: number, ratePerDay: number): number {
  const elapsedSeconds = Math.max(0, Math.floor((nowMs - sinceMs) / 1000));
  return Math.floor((elapsedSeconds * ratePerDay) / (DAY_MS / 1000));
}

/** Milliseconds until the pass earns its next whole point; null when it earns nothing. */
export function msUntilNextPoint(sinceMs: number, nowMs: number, ratePerDay: number): number | null {
  if (ratePerDay <= 0) return null;
  const earned = accruedPoints(sinceMs, nowMs, ratePerDay);
  const secondsForNext = Math.ceil(((earned + 1) * (DAY_MS / 1000)) / ratePerDay);
  return Math.max(0, sinceMs + secondsForNext * 1000 - nowMs);
}
