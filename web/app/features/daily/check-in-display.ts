import { type CheckInStatus, gmtDate, nextGmtMidnight, parseGmtDate } from "@arcana/protocol";

/** One day of the check-in week as the strip shows it. */
export interface CheckInStripDay {
  date: string;
  checked: boolean;
  isToday: boolean;
  /** "Mon": the GMT weekday, the same for every member wherever they are. */
  weekday: string;
  /** "22": the day of the month. */
  dayOfMonth: string;
}

const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });

/** Dates already warned about: the page re-renders every second and should say it once. */
const warnedDates = new Set<string>();

/** The days the API sent that are real `YYYY-MM-DD` dates; any other is skipped with a warning (spec §8). */
export function readableCheckInDates(status: CheckInStatus): CheckInStatus["dates"] {
  return status.dates.filter((entry) => {
    if (parseGmtDate(entry.date)) return true;
    if (!warnedDates.has(entry.date)) {
      warnedDates.add(entry.date);
      console.warn(`Check-in date "${entry.date}" is not a YYYY-MM-DD date; it is left out of the week.`);
    }
    return false;
  });
}

/** The week strip: readable dates only, oldest first, checked as the API says, today marked. */
export function checkInStrip(status: CheckInStatus, now: Date | number): CheckInStripDay[] {
  const today = gmtDate(now);
  return readableCheckInDates(status).map((entry) => {
    const parsed = parseGmtDate(entry.date) as Date;
    return {
      date: entry.date,
      checked: entry.checked,
      isToday: entry.date === today,
      weekday: weekdayFormat.format(parsed),
      dayOfMonth: String(parsed.getUTCDate()),
    };
  });
}

/** Milliseconds until the next 00:00 GMT, when a new check-in day starts. */
export function msUntilGmtMidnight(now: Date | number): number {
  const at = typeof now === "number" ? now : now.getTime();
  return nextGmtMidnight(at).getTime() - at;
}

/** "05:04:03": hours, minutes and seconds, rounded up so "00:00:01" shows until the moment passes. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The next 00:00 GMT in the member's own clock, e.g. "9:00 AM" in Tokyo or "2:00 PM" the day
 * before in Honolulu. Browser only: the server does not know the member's time zone.
 */
export function gmtMidnightInLocalTime(now: Date | number, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    weekday: "short",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(nextGmtMidnight(now));
}
