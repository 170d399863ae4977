import { gmtDate, nextGmtMidnight } from "@arcana/protocol";
import { useEffect, useState } from "react";

/**
 * The current time, ticking every second on whole-second boundaries; null on the server and in
 * the first browser render, so time-dependent text never differs between the two (no hydration
 * warnings).
 */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(Date.now());
      timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * Today's GMT date (`YYYY-MM-DD`), turning over at 00:00 GMT; null until the browser has rendered.
 * Queries key on it, so a new day never shows yesterday's draw or check-in.
 */
export function useGmtToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const update = () => {
      const now = Date.now();
      setToday(gmtDate(now));
      timer = setTimeout(update, nextGmtMidnight(now).getTime() - now + 50);
    };
    update();
    return () => clearTimeout(timer);
  }, []);
  return today;
}
