import { afterEach, describe, expect, it, vi } from "vitest";
import { formatRewardAmount, formatRewardTime } from "./reward-format";
import { rewardsPagePath } from "./use-rewards-history";

afterEach(() => vi.restoreAllMocks());

describe("rewards history entries", () => {
  it("show grants with a plus and spends with a minus", () => {
    expect(formatRewardAmount(10)).toBe("+10 pts");
    expect(formatRewardAmount(1250)).toBe("+1,250 pts");
    expect(formatRewardAmount(-250)).toBe("−250 pts");
  });

  it("show when they landed in the member's time zone, and only warn about a time they cannot read", () => {
    const entry = { created_at: "2026-11-22T23:30:00.000Z" };
    expect(formatRewardTime(entry, "UTC")).toBe("Nov 22, 2026, 11:30 PM");
    expect(formatRewardTime(entry, "Pacific/Kiritimati")).toBe("Nov 23, 2026, 1:30 PM");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(formatRewardTime({ created_at: "not a time" })).toBe("");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("load 100 at a time, each page after the previous page's cursor", () => {
    expect(rewardsPagePath(null)).toBe("/assets?per_page=100");
    expect(rewardsPagePath("MTIz:45")).toBe("/assets?per_page=100&cursor=MTIz%3A45");
  });
});
