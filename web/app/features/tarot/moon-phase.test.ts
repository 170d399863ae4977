import { describe, expect, it } from "vitest";
import { testT } from "../../test/fixtures";
import { formatIllumination, moonLitPath } from "./moon-phase";

const inEnglish = testT("en");

describe("the banner's moon", () => {
  it("lights the right half at first quarter and the left half at last quarter", () => {
    // A half moon's terminator is a straight line (an ellipse of width 0).
    expect(moonLitPath(90, 10)).toBe("M 0 -10 A 10 10 0 0 1 0 10 A 0 10 0 0 0 0 -10 Z");
    expect(moonLitPath(270, 10)).toBe("M 0 -10 A 10 10 0 0 0 0 10 A 0 10 0 0 1 0 -10 Z");
  });

  it("shows a whole disc when full and a sliver bulging toward the lit side as a crescent", () => {
    // Full: the lit limb and the terminator are both half circles, on opposite sides.
    expect(moonLitPath(180, 10)).toBe("M 0 -10 A 10 10 0 0 1 0 10 A 10 10 0 0 1 0 -10 Z");
    // New: the terminator runs back along the limb, lighting nothing.
    expect(moonLitPath(0, 10)).toBe("M 0 -10 A 10 10 0 0 1 0 10 A 10 10 0 0 0 0 -10 Z");
    expect(moonLitPath(45, 10)).toBe("M 0 -10 A 10 10 0 0 1 0 10 A 7.071 10 0 0 0 0 -10 Z");
    expect(moonLitPath(405, 10)).toBe(moonLitPath(45, 10));
  });

  it("reads the lit fraction as a whole percentage", () => {
    expect(formatIllumination(0.784, inEnglish)).toBe("78% lit");
    expect(formatIllumination(1, inEnglish)).toBe("100% lit");
    expect(formatIllumination(-0.01, inEnglish)).toBe("0% lit");
    // Each language writes the percentage its own way.
    expect(formatIllumination(0.784, testT("tr"))).toBe("%78 aydınlık");
  });
});
