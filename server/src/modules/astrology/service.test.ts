import { describe, expect, it } from "vitest";
import { moonPhaseName, skyOn, zodiacSign } from "./service.js";

describe("the day's sky", () => {
  it("puts the sun in Capricorn on 1 January 2026", () => {
    expect(skyOn("2026-01-01").sun_sign).toBe("Capricorn");
  });

  it("moves the sun into Aries after the March equinox and Cancer after the June solstice", () => {
    expect(skyOn("2026-03-21").sun_sign).toBe("Aries");
    expect(skyOn("2026-06-22").sun_sign).toBe("Cancer");
  });

  it("shows the full moon of 3 January 2026 fully lit, and the new moon of 18 January dark", () => {
    const full = skyOn("2026-01-03");
    expect(full.moon_phase_name).toBe("Full Moon");
    expect(full.moon_illumination).toBeGreaterThan(0.99);
    expect(full.moon_phase_angle).toBeCloseTo(180, -1);
    const dark = skyOn("2026-01-18");
    expect(dark.moon_phase_name).toBe("New Moon");
    expect(dark.moon_illumination).toBeLessThan(0.01);
  });

  it("names the phases in 45-degree sectors and the signs in 30-degree ones", () => {
    expect([0, 30, 90, 150, 180, 220, 270, 330, 350].map(moonPhaseName)).toEqual([
      "New Moon",
      "Waxing Crescent",
      "First Quarter",
      "Waxing Gibbous",
      "Full Moon",
      "Waning Gibbous",
      "Last Quarter",
      "Waning Crescent",
      "New Moon",
    ]);
    expect([0, 29.9, 30, 359.9, -1].map(zodiacSign)).toEqual(["Aries", "Aries", "Taurus", "Pisces", "Pisces"]);
  });
});
