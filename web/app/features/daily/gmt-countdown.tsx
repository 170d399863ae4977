import { useNow } from "../../lib/use-clock";
import { formatHms, gmtMidnightInLocalTime, msUntilGmtMidnight } from "./check-in-display";
import styles from "./daily.module.css";

/**
 * Time left until 00:00 GMT, and when that is on the member's own clock. Rendered only in the
 * browser (the server knows neither the member's time zone nor the second they look).
 */
export function GmtCountdown({ label }: { label: string }) {
  const now = useNow();
  return (
    <p className={styles.countdown}>
      <span className={styles.countdownLabel}>{label}</span>
      <span className={styles.countdownValue} data-testid="gmt-countdown">
        {now === null ? "--:--:--" : formatHms(msUntilGmtMidnight(now))}
      </span>
      <span className={styles.countdownLocal}>
        00:00 GMT is {now === null ? "…" : gmtMidnightInLocalTime(now)} your time
      </span>
    </p>
  );
}
