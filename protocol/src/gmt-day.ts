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

/**
 * The last `days` GMT days ending with the one containing `at`, oldest first: their day numbers,
 * their `YYYY-MM-DD` dates, and the midnight that starts the first (the SQL side of the range is
 * server/src/db/gmt-day.ts). Every "last N days" figure (console series, invite series, the
 * check-in window) takes its days from here.
 */
export function lastGmtDays(at: Date | number, days: number): { days: number[]; dates: string[]; since: Date } {
  const first = gmtDayNumber(at) - days + 1;
  const numbers = Array.from({ length: days }, (_, index) => first + index);
  return { days: numbers, dates: numbers.map((day) => gmtDate(day * DAY_MS)), since: new Date(first * DAY_MS) };
}
