import { gmtDayNumber } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { checkInLabel, checkInPoints, checkInWindow, currentStreak, nextCheckInPoints, streakOnDay } from "./rules.js";

const day = gmtDayNumber(new Date("2026-11-22T12:00:00Z"));
const rules = {
  basePoints: 10,
  streakBonuses: [
    { days: 3, bonus: 5 },
    { days: 7, bonus: 20 },
  ],
};

describe("check-in streaks", () => {
  it("grows by one after checking in yesterday, and starts at 1 otherwise", () => {
    expect(streakOnDay(null, day)).toBe(1);
    expect(streakOnDay({ day: day - 1, streak: 4 }, day)).toBe(5);
    expect(streakOnDay({ day: day - 2, streak: 4 }, day)).toBe(1);
  });

  it("stays live through the day after the last check-in, and resets once a GMT day is missed", () => {
    expect(currentStreak(null, day)).toBe(0);
    expect(currentStreak({ day, streak: 3 }, day)).toBe(3);
    expect(currentStreak({ day: day - 1, streak: 3 }, day)).toBe(3);
    expect(currentStreak({ day: day - 2, streak: 3 }, day)).toBe(0);
  });
});

describe("check-in points", () => {
  it("adds the bonus of the longest streak threshold reached, not every bonus", () => {
    expect([1, 2, 3, 6, 7, 30].map((streak) => checkInPoints(rules, streak))).toEqual([10, 10, 15, 15, 30, 30]);
  });

  it("pays the base alone when the economy has no streak bonuses", () => {
    expect(checkInPoints({ basePoints: 4, streakBonuses: [] }, 100)).toBe(4);
  });

  it("promises the next check-in the points of the streak it continues, or a fresh start after a miss", () => {
    // Live streak 0 (never, or a missed day): the next check-in is day 1 of a new streak.
    expect(nextCheckInPoints(rules, 0)).toBe(10);
    // Live streak 2: the next check-in makes day 3 and reaches the first bonus.
    expect(nextCheckInPoints(rules, 2)).toBe(15);
    expect(nextCheckInPoints(rules, 6)).toBe(30);
  });

  it("labels the credit with its streak for the rewards history", () => {
    expect(checkInLabel(3)).toBe("Daily check-in (day 3 streak)");
  });
});

describe("the 7-day window", () => {
  it("is the 7 GMT days ending today, oldest first, marking the checked ones", () => {
    const window = checkInWindow(day, new Set([day, day - 2, day - 7]));
    expect(window).toEqual([
      { date: "2026-11-16", checked: false },
      { date: "2026-11-17", checked: false },
      { date: "2026-11-18", checked: false },
      { date: "2026-11-19", checked: false },
      { date: "2026-11-20", checked: true },
      { date: "2026-11-21", checked: false },
      { date: "2026-11-22", checked: true },
    ]);
  });

  it("crosses month and year boundaries by GMT calendar", () => {
    const newYear = gmtDayNumber(new Date("2027-01-02T00:00:00Z"));
    expect(checkInWindow(newYear, new Set()).map((entry) => entry.date)).toEqual([
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
  });
});
