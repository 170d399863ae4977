import { parseGmtDate } from "@arcana/protocol";

/**
 * Dates, times and numbers written by `Intl` in the page's language (`useLanguage()` or
 * `t.language`). GMT days stay GMT days: a `YYYY-MM-DD` date is written in UTC, so it reads as the
 * same day wherever the member is; only the words and their order follow the language.
 *
 * Kept apart from `format.ts` (the message interpreter every page loads): these helpers serve
 * dialogs and pages that load later, and must not weigh on the first load of `/`.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A `YYYY-MM-DD` GMT date, a timestamp or a `Date` as an instant; null when it is not one. */
function instant(value: string | number | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") return new Date(value);
  const date = parseGmtDate(value) ?? new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A GMT day in the page's language: "Nov 22, 2026" (`medium`), "Sunday, November 22, 2026"
 * (`full`), "2026年11月22日" in Japanese. A value that is not a date is shown as it came.
 */
export function formatGmtDay(
  value: string | number | Date,
  locale: string,
  style: "full" | "long" | "medium" | "short" = "medium",
): string {
  const date = instant(value);
  return date ? dateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(date) : String(value);
}

/** A GMT day's short weekday: "Mon", "月", "T2". */
export function formatGmtWeekday(value: string | number | Date, locale: string): string {
  const date = instant(value);
  return date ? dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(date) : String(value);
}

/** A moment in GMT, named so: "Nov 22, 2026, 6:00 PM UTC". */
export function formatGmtDateTime(value: string | number | Date, locale: string): string {
  const date = instant(value);
  return date
    ? dateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: "UTC",
        timeZoneName: "short",
      }).format(date)
    : String(value);
}

/**
 * A moment's time of day on the member's own clock (or `timeZone`'s): "2:00 PM", "9:00". Browser only for the
 * member's clock: the server does not know their time zone.
 */
export function formatLocalTime(value: number | Date, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(
    value,
  );
}

/** The calendar date (`YYYY-MM-DD`) of a moment on the member's own clock (or `timeZone`'s). */
export function localDate(value: number | Date, timeZone?: string): string {
  return dateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(value);
}

/** A 0–1 fraction as a percentage: "78%", "%78" in Turkish; "0.9%" with `fractionDigits` 2. */
export function formatPercent(fraction: number, locale: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: fractionDigits }).format(fraction);
}

/**
 * A moment on the member's own clock (or `timeZone`'s), date and time: "Nov 22, 2026, 3:04 PM",
 * "2026/11/22 15:04" in Japanese. Browser only for the member's clock.
 */
export function formatLocalDateTime(value: number | Date, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(value);
}

/** A count: "1,250", "1.250" in Turkish and Vietnamese. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A χ² test's p-value as the operator console and `/fairness` print it: four decimals, or "< 0.0001". */
export function formatPValue(value: number): string {
  return value < 0.0001 ? "< 0.0001" : value.toFixed(4);
}
