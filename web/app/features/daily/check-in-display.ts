import { type CheckInStatus, gmtDate, nextGmtMidnight, parseGmtDate } from "@arcana/protocol";
import { formatGmtDay, formatGmtWeekday, formatLocalTime, localDate } from "../../i18n/intl";

/** One day of the check-in week as the strip shows it. */
export interface CheckInStripDay {
  date: string;
  checked: boolean;
  isToday: boolean;
  /** "Mon": the GMT weekday in the page's language, the same for every member wherever they are. */
  weekday: string;
  /** "Sunday, November 22, 2026": the whole GMT date in the page's language, for screen readers. */
  longDate: string;
  /** "22": the day of the month. */
  dayOfMonth: string;
}

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

/** The week strip: readable dates only, oldest first, checked as the API says, today marked, in `locale`. */
export function checkInStrip(status: CheckInStatus, now: Date | number, locale: string): CheckInStripDay[] {
  const today = gmtDate(now);
  return readableCheckInDates(status).map((entry) => {
    const parsed = parseGmtDate(entry.date) as Date;
    return {
      date: entry.date,
      checked: entry.checked,
      isToday: entry.date === today,
      weekday: formatGmtWeekday(parsed, locale),
      longDate: formatGmtDay(parsed, locale, "full"),
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
 * When the next check-in day (00:00 GMT) starts on the member's own clock, in `locale`: its time of day ("9:00" in
 * Tokyo, "2:00 PM" in Honolulu) and whether that is today or tomorrow there, so the reset reads once, in their time.
 * Browser only: the server does not know the member's time zone.
 */
export function gmtMidnightInLocalTime(
  now: Date | number,
  locale: string,
  timeZone?: string,
): { time: string; day: "today" | "tomorrow" } {
  const midnight = nextGmtMidnight(now);
  return {
    time: formatLocalTime(midnight, locale, timeZone),
    day: localDate(midnight, timeZone) === localDate(now, timeZone) ? "today" : "tomorrow",
  };
}
