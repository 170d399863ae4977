import { useT } from "../../i18n/use-t";
import type { CheckInStripDay } from "./check-in-display";
import styles from "./daily.module.css";

/** The 7 GMT days ending today: checked days marked, today highlighted. */
export function WeekStrip({ days }: { days: CheckInStripDay[] }) {
  const t = useT();
  return (
    <ol className={styles.week} aria-label={t("member.checkIn.week")}>
      {days.map((day) => (
        <li
          key={day.date}
          className={styles.day}
          data-checked={day.checked || undefined}
          data-today={day.isToday || undefined}
          aria-current={day.isToday ? "date" : undefined}
        >
          <span className={styles.weekday}>{day.isToday ? t("member.checkIn.today") : day.weekday}</span>
          <span className={styles.dayMark} aria-hidden="true">
            {day.checked ? (
              <svg width="16" height="16" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : (
              day.dayOfMonth
            )}
          </span>
          <span className="visually-hidden">
            {t("member.checkIn.dayStatus", { date: day.longDate, checked: day.checked ? "yes" : "no" })}
          </span>
        </li>
      ))}
    </ol>
  );
}
