import { CHECK_IN_WINDOW_DAYS, type CheckInDay, DAY_MS, lastGmtDays } from "@arcana/protocol";
import type { Economy } from "../../economy.js";

/** A credited check-in, as far as streaks care. */
export interface CheckInMark {
  day: number;
  streak: number;
}

/** The streak a check-in on `day` makes: one more than yesterday's, or 1 after a missed day. */
export function streakOnDay(yesterday: CheckInMark | null, day: number): number {
  return yesterday && yesterday.day === day - 1 ? yesterday.streak + 1 : 1;
}

/** The live streak: the latest check-in's, while it was today or yesterday; 0 once a day is missed. */
export function currentStreak(latest: CheckInMark | null, today: number): number {
  if (!latest || latest.day > today || latest.day < today - 1) return 0;
  return latest.streak;
}

/** Points for a check-in: the base, plus the bonus of the longest streak threshold reached. */
export function checkInPoints(rules: Economy["checkIn"], streak: number): number {
  let bonus = 0;
  for (const step of rules.streakBonuses) if (streak >= step.days) bonus = step.bonus;
  return rules.basePoints + bonus;
}

/**
 * Points the next check-in earns. `currentStreak` already counts yesterday (or today, once done),
 * so the next check-in, today or tomorrow, continues it by one; after a missed day it is 0 and the
 * next check-in starts again at 1.
 */
export function nextCheckInPoints(rules: Economy["checkIn"], liveStreak: number): number {
  return checkInPoints(rules, liveStreak + 1);
}

export function checkInLabel(streak: number): string {
  return `Daily check-in (day ${streak} streak)`;
}

/** The 7 GMT days ending today, oldest first, each marked when checked in. */
export function checkInWindow(today: number, checkedDays: ReadonlySet<number>): CheckInDay[] {
  const window = lastGmtDays(today * DAY_MS, CHECK_IN_WINDOW_DAYS);
  return window.days.map((day, index) => ({ date: window.dates[index] as string, checked: checkedDays.has(day) }));
}
