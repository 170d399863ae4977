import { afterEach, describe, expect, it, vi } from "vitest";
import { formatEntryTime, formatPointsChange } from "./points-format";
import { pointsHistoryPageQuery } from "./use-points-history";

afterEach(() => vi.restoreAllMocks());

describe("rewards history entries", () => {
  it("show grants with a plus and spends with a minus", () => {
    expect(formatPointsChange(10)).toBe("+10 pts");
    expect(formatPointsChange(1250)).toBe("+1,250 pts");
    expect(formatPointsChange(-250)).toBe("−250 pts");
  });

  it("show when they landed in the member's time zone, and only warn about a time they cannot read", () => {
    const entry = { created_at: "2026-11-22T23:30:00.000Z" };
    expect(formatEntryTime(entry, "UTC")).toBe("Nov 22, 2026, 11:30 PM");
    expect(formatEntryTime(entry, "Pacific/Kiritimati")).toBe("Nov 23, 2026, 1:30 PM");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(formatEntryTime({ created_at: "not a time" })).toBe("");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("load 100 at a time, each page after the previous page's cursor", () => {
    expect(pointsHistoryPageQuery(null)).toEqual({ per_page: 100 });
    expect(pointsHistoryPageQuery("MTIz:45")).toEqual({ per_page: 100, cursor: "MTIz:45" });
  });
});
