import type { CheckInStatus } from "@arcana/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkInStrip, formatHms, gmtMidnightInLocalTime, msUntilGmtMidnight } from "./check-in-display";

/** The week the API returns for 22 Nov 2026: 16–22 Nov, oldest first. */
function week(overrides: Partial<CheckInStatus> = {}, checked: string[] = []): CheckInStatus {
  const dates = ["16", "17", "18", "19", "20", "21", "22"].map((day) => ({
    date: `2026-11-${day}`,
    checked: checked.includes(`2026-11-${day}`),
  }));
  return { current_streak: 0, today_checked: false, dates, next_reward_points: 10, ...overrides };
}

afterEach(() => vi.restoreAllMocks());

describe("the week strip", () => {
  it("marks checked days and highlights today, with GMT weekdays", () => {
    const strip = checkInStrip(
      week({ today_checked: true }, ["2026-11-20", "2026-11-21", "2026-11-22"]),
      Date.parse("2026-11-22T09:00:00Z"),
      "en",
    );
    expect(strip.map((day) => day.weekday)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(strip.filter((day) => day.checked).map((day) => day.date)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(strip.filter((day) => day.isToday).map((day) => day.dayOfMonth)).toEqual(["22"]);
    expect(strip.at(-1)?.longDate).toBe("Sunday, November 22, 2026");
  });

  it("names the GMT weekdays and dates in the page's language", () => {
    const strip = checkInStrip(week(), Date.parse("2026-11-22T23:30:00Z"), "ja");
    expect(strip.map((day) => day.weekday)).toEqual(["月", "火", "水", "木", "金", "土", "日"]);
    expect(strip.at(-1)?.longDate).toBe("2026年11月22日日曜日");
    expect(checkInStrip(week(), Date.parse("2026-11-22T09:00:00Z"), "tr")[0]?.weekday).toBe("Pzt");
  });

  it("leaves out a date it cannot read and only logs a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const status = week();
    status.dates[2] = { date: "2026-02-30", checked: true };
    status.dates[3] = { date: "yesterday", checked: false };
    const strip = checkInStrip(status, Date.parse("2026-11-22T09:00:00Z"), "en");
    expect(strip).toHaveLength(5);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain("2026-02-30");
    // Drawn again (the countdown re-renders every second): the same dates are not warned about twice.
    checkInStrip(status, Date.parse("2026-11-22T09:00:01Z"), "en");
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("the countdown to 00:00 GMT", () => {
  it("counts down to the next GMT midnight, not the member's local midnight", () => {
    expect(msUntilGmtMidnight(Date.parse("2026-11-22T18:00:00.000Z"))).toBe(6 * 3_600_000);
    expect(msUntilGmtMidnight(Date.parse("2026-11-22T23:59:59.500Z"))).toBe(500);
    // Exactly at midnight a whole new day lies ahead.
    expect(msUntilGmtMidnight(Date.parse("2026-11-23T00:00:00.000Z"))).toBe(86_400_000);
  });

  it("reads as hours, minutes and seconds, rounding up the last second", () => {
    expect(formatHms(6 * 3_600_000 + 5 * 60_000 + 4_000)).toBe("06:05:04");
    expect(formatHms(500)).toBe("00:00:01");
    expect(formatHms(0)).toBe("00:00:00");
    expect(formatHms(86_400_000)).toBe("24:00:00");
  });

  it("tells when 00:00 GMT falls on the member's own clock, today or tomorrow there, for UTC-10, UTC+14 and UTC", () => {
    const at = Date.parse("2026-11-22T12:00:00.000Z");
    expect(gmtMidnightInLocalTime(at, "en", "Pacific/Honolulu")).toEqual({
      time: expect.stringMatching(/^2:00\sPM$/),
      day: "today",
    });
    expect(gmtMidnightInLocalTime(at, "en", "Pacific/Kiritimati")).toEqual({
      time: expect.stringMatching(/^2:00\sPM$/),
      day: "today",
    });
    expect(gmtMidnightInLocalTime(at, "en", "UTC")).toEqual({
      time: expect.stringMatching(/^12:00\sAM$/),
      day: "tomorrow",
    });
  });

  it("writes that moment in the page's language", () => {
    const at = Date.parse("2026-11-22T12:00:00.000Z");
    // Tokyo is 9 hours ahead: 00:00 GMT on Monday is 09:00 there, on a 24-hour clock.
    expect(gmtMidnightInLocalTime(at, "ja", "Asia/Tokyo")).toEqual({ time: "9:00", day: "tomorrow" });
    expect(gmtMidnightInLocalTime(at, "ko", "Asia/Seoul")).toEqual({
      time: expect.stringMatching(/9:00$/),
      day: "tomorrow",
    });
  });
});
