import { useEffect, useState } from "react";
import { formatUtcTime } from "./pass-display";

const localFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** A moment in the member's local time; the server and the first render show UTC so both agree. */
export function LocalTime({ ms }: { ms: number }) {
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => setLocal(new Date(ms).toLocaleString(undefined, localFormat)), [ms]);
  return <time dateTime={new Date(ms).toISOString()}>{local ?? formatUtcTime(ms)}</time>;
}

/** The same wording for text built in an event handler (always in the browser). */
export function formatLocalTime(date: Date): string {
  return date.toLocaleString(undefined, localFormat);
}
