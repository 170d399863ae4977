import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import { formatPoints } from "./points";

describe("formatPoints", () => {
  it("says one point in the singular and groups large balances, per language", () => {
    expect(formatPoints(1, testT("en"))).toBe("1 pt");
    expect(formatPoints(12345, testT("en"))).toBe("12,345 pts");
    expect(formatPoints(1, testT("tr"))).toBe("1 puan");
    expect(formatPoints(12345, testT("ja"))).toBe("12,345 ポイント");
  });
});
