import { afterEach, describe, expect, it, vi } from "vitest";
import { testT } from "../../test/fixtures";
import { entryLabel, formatEntryTime, formatPointsChange } from "./points-format";
import { pointsHistoryPageQuery } from "./use-points-history";

afterEach(() => vi.restoreAllMocks());

describe("rewards history entries", () => {
  it("show grants with a plus and spends with a minus, in the page's language", () => {
    const t = testT("en");
    expect(formatPointsChange(10, t)).toBe("+10 pts");
    expect(formatPointsChange(1250, t)).toBe("+1,250 pts");
    expect(formatPointsChange(-250, t)).toBe("−250 pts");
    expect(formatPointsChange(1250, testT("zh-CN"))).toBe("+1,250 积分");
  });

  it("show when they landed in the member's time zone, and only warn about a time they cannot read", () => {
    const entry = { created_at: "2026-11-22T23:30:00.000Z" };
    expect(formatEntryTime(entry, "en", "UTC")).toBe("Nov 22, 2026, 11:30 PM");
    expect(formatEntryTime(entry, "en", "Pacific/Kiritimati")).toBe("Nov 23, 2026, 1:30 PM");
    expect(formatEntryTime(entry, "ja", "UTC")).toBe("2026/11/22 23:30");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(formatEntryTime({ created_at: "not a time" }, "en")).toBe("");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("are named by their kind in the member's language; English keeps the server's fuller label", () => {
    const entry = { kind: "check_in", label: "Daily check-in (day 2 streak)" };
    expect(entryLabel(entry, testT("en"))).toBe("Daily check-in (day 2 streak)");
    expect(entryLabel(entry, testT("zh-CN"))).toBe("每日签到");
    expect(entryLabel({ kind: "unheard_of", label: "Something new" }, testT("ko"))).toBe("Something new");
  });

  it("load 100 at a time, each page after the previous page's cursor", () => {
    expect(pointsHistoryPageQuery(null)).toEqual({ per_page: 100 });
    expect(pointsHistoryPageQuery("MTIz:45")).toEqual({ per_page: 100, cursor: "MTIz:45" });
  });
});
