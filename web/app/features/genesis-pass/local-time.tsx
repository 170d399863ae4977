import { useEffect, useState } from "react";
import { formatLocalDateTime } from "../../i18n/intl";
import { useLanguage } from "../../i18n/use-t";
import { formatUtcTime } from "./pass-display";

/**
 * A moment in the member's local time and the page's language; the server and the first render show
 * UTC so both agree.
 */
export function LocalTime({ ms }: { ms: number }) {
  const language = useLanguage();
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => setLocal(formatLocalTime(new Date(ms), language)), [ms, language]);
  return <time dateTime={new Date(ms).toISOString()}>{local ?? formatUtcTime(ms)}</time>;
}

/** The same wording for text built in an event handler (always in the browser). */
export function formatLocalTime(date: Date, language: string): string {
  return formatLocalDateTime(date, language);
}
