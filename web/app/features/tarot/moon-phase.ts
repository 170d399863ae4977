import { formatPercent } from "../../i18n/intl";
import type { Translate } from "../../i18n/use-t";

/**
 * The lit part of the moon's disc as an SVG path, centred on (0, 0) with radius `r`, for a phase
 * angle of 0–360 degrees (0 new, 90 first quarter, 180 full, 270 last quarter), as seen from the
 * northern hemisphere: waxing lights the right side, waning the left.
 */
export function moonLitPath(phaseAngle: number, r: number): string {
  const angle = ((phaseAngle % 360) + 360) % 360;
  const waxing = angle <= 180;
  // The terminator is half an ellipse whose width follows the cosine of the phase angle.
  const rx = Math.abs(Math.cos((angle * Math.PI) / 180)) * r;
  const gibbous = waxing ? angle > 90 : angle < 270;
  // SVG sweep 1 runs clockwise on screen (y down): top → right → bottom.
  const limbSweep = waxing ? 1 : 0;
  const terminatorSweep = waxing === gibbous ? 1 : 0;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return `M 0 ${-r} A ${r} ${r} 0 0 ${limbSweep} 0 ${r} A ${round(rx)} ${r} 0 0 ${terminatorSweep} 0 ${-r} Z`;
}

/** "78% lit": the illuminated fraction (0–1) as a whole percentage, in the page's language. */
export function formatIllumination(fraction: number, t: Translate): string {
  return t("tarot.sky.lit", { percent: formatPercent(Math.min(1, Math.max(0, fraction)), t.language ?? "en") });
}
