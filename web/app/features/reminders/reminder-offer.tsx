import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";
import styles from "./reminders.module.css";
import { gmtHour, useReminders } from "./use-reminders";

/**
 * After a check-in, the one-time offer "Remind me before my streak ends" (issue 44): shown while the
 * member has never chosen; either answer is stored with its time, so it is never asked again.
 */
export function ReminderOffer({ uid }: { uid: string }) {
  const t = useT();
  const { settings, choose } = useReminders(uid);
  const data = settings.data;
  if (!data?.available) return null;
  if (choose.isSuccess) {
    return (
      <p className={styles.offerDone} role="status" data-testid="reminder-offer-done">
        {data.enabled
          ? t("member.reminders.offerAccepted", { time: gmtHour(data.send_hour ?? data.default_send_hour) })
          : t("member.reminders.offerDeclined")}
      </p>
    );
  }
  if (data.chosen_at !== null) return null;
  return (
    <section className={styles.offer} aria-labelledby="reminder-offer-title" data-testid="reminder-offer">
      <h3 id="reminder-offer-title" className={styles.offerTitle}>
        {t("member.reminders.offerTitle")}
      </h3>
      <p className={styles.muted}>{t("member.reminders.offerBody", { time: gmtHour(data.default_send_hour) })}</p>
      <div className={styles.actions}>
        <Button size="sm" loading={choose.isPending} onClick={() => choose.mutate({ enabled: true })}>
          {t("member.reminders.offerYes")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={choose.isPending}
          onClick={() => choose.mutate({ enabled: false })}
        >
          {t("member.reminders.offerNo")}
        </Button>
      </div>
      {choose.error && <FormAlert>{errorMessage(choose.error, t)}</FormAlert>}
    </section>
  );
}
