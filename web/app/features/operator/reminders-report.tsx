import type { OperatorReminders } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Card } from "../../ui/card";
import { DataTable } from "../../ui/data-table";
import { EmptyState } from "../../ui/empty-state";
import styles from "./operator.module.css";

/** Streak reminders over the last 30 GMT days: sent, checked in within 6 hours after (count and share), unsubscribes. */
export function RemindersReport({ reminders }: { reminders: OperatorReminders }) {
  const t = useT();
  const { total } = reminders;
  const count = (value: number) => t("operator.reminders.count", { count: value });
  const converted = (checkedIn: number, sent: number) =>
    sent === 0
      ? count(checkedIn)
      : t("operator.reminders.countShare", { count: checkedIn, percent: Math.round((checkedIn / sent) * 100) });
  const notTracked = <p className={styles.muted}>{t("operator.reminders.notTracked")}</p>;
  if (total.sent === 0 && total.unsubscribes === 0) {
    return (
      <>
        {reminders.enabled ? (
          <EmptyState sigil="key" title={t("operator.reminders.noneTitle")}>
            <p>{t("operator.reminders.noneBody")}</p>
          </EmptyState>
        ) : (
          <EmptyState sigil="key" title={t("operator.reminders.offTitle")}>
            <p>{t("operator.reminders.offBody")}</p>
          </EmptyState>
        )}
        {notTracked}
      </>
    );
  }
  return (
    <Card>
      {reminders.enabled ? null : <p className={styles.warning}>{t("operator.reminders.offTitle")}</p>}
      {notTracked}
      <DataTable
        className={styles.table}
        wrapClassName={styles.tableWrap}
        label={t("operator.reminders.caption")}
        captioned
        columns={[
          { label: t("operator.reminders.day") },
          { label: t("operator.reminders.sent"), numeric: true },
          { label: t("operator.reminders.checkedIn"), numeric: true },
          { label: t("operator.reminders.unsubscribes"), numeric: true },
        ]}
      >
        {reminders.days
          .filter((day) => day.sent > 0 || day.unsubscribes > 0)
          .reverse()
          .map((day) => (
            <tr key={day.date} data-testid="reminder-day">
              <th scope="row" className={styles.mono}>
                {day.date}
              </th>
              <td className={styles.number}>{count(day.sent)}</td>
              <td className={styles.number}>{converted(day.checked_in_within_6h, day.sent)}</td>
              <td className={styles.number}>{count(day.unsubscribes)}</td>
            </tr>
          ))}
        <tr data-testid="reminder-total">
          <th scope="row">{t("operator.reminders.total")}</th>
          <td className={styles.number}>{count(total.sent)}</td>
          <td className={styles.number}>{converted(total.checked_in_within_6h, total.sent)}</td>
          <td className={styles.number}>{count(total.unsubscribes)}</td>
        </tr>
      </DataTable>
      <p className={reminders.undeliverable > 0 ? styles.warning : styles.muted}>
        {t("operator.reminders.undeliverable", { count: reminders.undeliverable })}
      </p>
    </Card>
  );
}
