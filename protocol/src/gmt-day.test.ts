import { describe, expect, it } from "vitest";
import { gmtDate, gmtDayNumber, nextGmtMidnight, parseGmtDate } from "./gmt-day.js";

describe("GMT day", () => {
  it("puts the last millisecond before midnight GMT in the old day and midnight in the new one", () => {
    const midnight = Date.UTC(2026, 10, 22);
    expect(gmtDate(midnight - 1)).toBe("2026-11-21");
    expect(gmtDate(midnight)).toBe("2026-11-22");
    expect(gmtDayNumber(midnight) - gmtDayNumber(midnight - 1)).toBe(1);
  });

  it("matches the contract's day number, block.timestamp / 86400", () => {
    const seconds = 1_795_000_000;
    expect(gmtDayNumber(seconds * 1000)).toBe(Math.floor(seconds / 86400));
  });

  it("finds the next midnight GMT", () => {
    expect(nextGmtMidnight(Date.UTC(2026, 10, 22, 23, 59)).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("rejects dates that do not exist", () => {
    expect(parseGmtDate("2026-02-30")).toBeNull();
    expect(parseGmtDate("yesterday")).toBeNull();
    expect(parseGmtDate("2026-02-28")?.toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });
});
