// One fixed locale: the server and the browser must print the same digits, or hydration breaks.
const pointsFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "1,250 pts": how a points balance reads everywhere in the app. */
export function formatPoints(pts: number): string {
  return `${pointsFormat.format(pts)} pts`;
}
