import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accruedPoints, msUntilNextPoint } from "./rules.js";

const DAY = 86_400_000;

describe("staking accrual", () => {
  it("earns the daily rate over a full day and nothing before the first whole point", () => {
    expect(accruedPoints(0, DAY, 100)).toBe(100);
    expect(accruedPoints(0, 863_999, 100)).toBe(0);
    expect(accruedPoints(0, 864_000, 100)).toBe(1);
  });

  it("counts by the second, never by fractions of one", () => {
    expect(accruedPoints(0, 864_999, 100)).toBe(1);
    expect(accruedPoints(0, 1_727_999, 100)).toBe(1);
  });

  it("counts down to the moment the next point lands", () => {
    expect(msUntilNextPoint(0, 0, 100)).toBe(864_000);
    expect(msUntilNextPoint(0, 864_000, 100)).toBe(864_000);
    expect(msUntilNextPoint(0, 1000, 24)).toBe(3_600_000 - 1000);
    expect(msUntilNextPoint(0, 1000, 0)).toBeNull();
  });

  it("never decreases with time, and the countdown lands exactly on the next point", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.integer({ min: 1, max: 10_000 }), (elapsed, rate) => {
        const now = accruedPoints(0, elapsed, rate);
        expect(accruedPoints(0, elapsed + 1000, rate)).toBeGreaterThanOrEqual(now);
        const wait = msUntilNextPoint(0, elapsed, rate) ?? 0;
        expect(accruedPoints(0, elapsed + wait, rate)).toBe(now + 1);
        if (wait >= 1000) expect(accruedPoints(0, elapsed + wait - 1000, rate)).toBe(now);
      }),
      { numRuns: 500 },
    );
  });
});
