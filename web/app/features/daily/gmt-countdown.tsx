import { useT } from "../../i18n/use-t";
import { formatHms, gmtMidnightInLocalTime, msUntilGmtMidnight } from "./check-in-display";
import styles from "./daily.module.css";

/**
 * Time left until 00:00 GMT, and when that is on the member's own clock, at `now` (the ticking
 * `useNow` of the panel around it: one clock, so the countdown shows as soon as the panel does).
 * Rendered only in the browser (the server knows neither the member's time zone nor the second
 * they look).
 */
export function GmtCountdown({ label, now }: { label: string; now: number }) {
  const t = useT();
  return (
    <p className={styles.countdown}>
      <span className={styles.countdownLabel}>{label}</span>
      <span className={styles.countdownValue} data-testid="gmt-countdown">
        {formatHms(msUntilGmtMidnight(now))}
      </span>
      <span className={styles.countdownLocal}>
        {t("member.checkIn.localMidnight", gmtMidnightInLocalTime(now, t.language ?? "en"))}
      </span>
    </p>
  );
}
