import type { AstrologyToday } from "@arcana/protocol";
import { Body, Illumination, MoonPhase, SunPosition } from "astronomy-engine";

const zodiacSigns = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;

/** The tropical sign for an ecliptic longitude of date: Aries starts at the March equinox (0°), 30° each. */
export function zodiacSign(eclipticLongitude: number): string {
  const normalized = ((eclipticLongitude % 360) + 360) % 360;
  return zodiacSigns[Math.floor(normalized / 30)] ?? "Aries";
}

const phaseNames = [
  "New Moon",
  "Waxing Crescent",
  "First Quarter",
  "Waxing Gibbous",
  "Full Moon",
  "Waning Gibbous",
  "Last Quarter",
  "Waning Crescent",
] as const;

/** The phase's name: eight 45° sectors centred on new (0°), first quarter (90°), full (180°) and last quarter (270°). */
export function moonPhaseName(phaseAngle: number): string {
  const normalized = ((phaseAngle % 360) + 360) % 360;
  return phaseNames[Math.floor((normalized + 22.5) / 45) % 8] ?? "New Moon";
}

/** The sky of a GMT date, taken at 12:00 GMT so the banner is the same all day. */
export function skyOn(date: string): AstrologyToday {
  const noon = new Date(`${date}T12:00:00.000Z`);
  const phaseAngle = MoonPhase(noon);
  return {
    date,
    sun_sign: zodiacSign(SunPosition(noon).elon),
    moon_phase_name: moonPhaseName(phaseAngle),
    moon_illumination: Math.round(Illumination(Body.Moon, noon).phase_fraction * 1000) / 1000,
    moon_phase_angle: Math.round(phaseAngle * 10) / 10,
  };
}
