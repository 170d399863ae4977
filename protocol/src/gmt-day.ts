/** "Day" is the GMT calendar day everywhere in Arcana. */
export const DAY_MS = 86_400_000;

/** The day number the Daily contract uses: seconds since epoch / 86400. */
export function gmtDayNumber(at: Date | number): number {
  const ms = typeof at === "number" ? at : at.getTime();
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of the GMT day containing `at`. */
export function gmtDate(at: Date | number): string {
  const d = new Date(typeof at === "number" ? at : at.getTime());
  return d.toISOString().slice(0, 10);
}

/** Midnight GMT that starts the day after `at`. */
export function nextGmtMidnight(at: Date | number): Date {
  return new Date((gmtDayNumber(at) + 1) * DAY_MS);
}

/** Parses `YYYY-MM-DD` as a GMT date; null when it is not a real calendar date. */
export function parseGmtDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || gmtDate(d) !== value ? null : d;
}
