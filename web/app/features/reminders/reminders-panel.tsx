import { useId } from "react";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Card } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import styles from "./reminders.module.css";
import { gmtHour, useReminders } from "./use-reminders";

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** The account's streak-reminder switch and send hour (GMT); absent while the site has reminders off. */
export function RemindersPanel({ uid }: { uid: string }) {
  const t = useT();
  const id = useId();
  const { settings, choose } = useReminders(uid);
  const data = settings.data;
  if (!data?.available) return null;
  const hour = data.send_hour ?? data.default_send_hour;
  return (
    <Card className={styles.card} aria-labelledby={`${id}-title`} data-testid="reminders-panel">
      <h2 id={`${id}-title`} className={styles.title}>
        {t("member.reminders.title")}
      </h2>
      <p className={styles.muted}>{t("member.reminders.intro")}</p>
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={data.enabled}
          disabled={choose.isPending}
          onChange={(event) => choose.mutate({ enabled: event.currentTarget.checked })}
        />
        {t("member.reminders.toggle")}
      </label>
      <label className={styles.hour}>
        {t("member.reminders.hourLabel")}
        <select
          value={data.send_hour === null ? "" : String(hour)}
          disabled={choose.isPending}
          onChange={(event) => {
            const value = event.currentTarget.value;
            choose.mutate({ enabled: data.enabled, send_hour: value === "" ? null : Number(value) });
          }}
        >
          <option value="">{t("member.reminders.hourDefault", { time: gmtHour(data.default_send_hour) })}</option>
          {hours.map((option) => (
            <option key={option} value={String(option)}>
              {gmtHour(option)}
            </option>
          ))}
        </select>
      </label>
      {choose.error && <FormAlert>{errorMessage(choose.error, t)}</FormAlert>}
    </Card>
  );
}
