import { describe, expect, it } from "vitest";
import { burnPace, memberDailyQuotaOf } from "./rules.js";

describe("the sybil bound's rules", () => {
  const chain = { newMemberHours: 24, newMemberDailyQuota: 2 };
  const now = new Date("2026-11-28T12:00:00Z");

  it("gives an account younger than newMemberHours the lower quota, an older one the member quota", () => {
    expect(memberDailyQuotaOf(10, chain, new Date("2026-11-28T00:00:00Z"), now)).toBe(2);
    expect(memberDailyQuotaOf(10, chain, new Date("2026-11-27T12:00:00Z"), now)).toBe(10);
    // Never more than the member quota, and 0 hours turns the bound off.
    expect(memberDailyQuotaOf(1, chain, now, now)).toBe(1);
    expect(memberDailyQuotaOf(10, { newMemberHours: 0, newMemberDailyQuota: 0 }, now, now)).toBe(10);
  });

  it("measures the burn pace against an even spread of the day budget, counting at least the day's first hour", () => {
    // Half the budget by noon is on pace; all of it by noon is twice as fast.
    expect(burnPace(50n, 100n, now)).toBeCloseTo(1);
    expect(burnPace(100n, 100n, now)).toBeCloseTo(2);
    // Ten minutes into the day, a twelfth of the budget counts as one hour's share twice over.
    expect(burnPace(100n, 1200n, new Date("2026-11-28T00:10:00Z"))).toBeCloseTo(2);
    expect(burnPace(5n, 0n, now)).toBe(0);
  });
});
