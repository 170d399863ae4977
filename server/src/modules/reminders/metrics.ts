import { Counter, type Registry } from "prom-client";

/** What the reminder queue did, for Prometheus (`arcana_reminders_*_total`). */
export function createReminderCounters(registry: Registry) {
  return {
    sent: new Counter({
      name: "arcana_reminders_sent_total",
      help: "Streak reminders handed to the mail server",
      registers: [registry],
    }),
    skipped: new Counter({
      name: "arcana_reminders_skipped_total",
      help: "Queued streak reminders not sent, by reason (checked_in, turned_off, undeliverable, inactive, day_over)",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    failed: new Counter({
      name: "arcana_reminders_failed_total",
      help: "Streak reminder sends that failed: retried later (temporary) or given up (permanent, undeliverable)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    unsubscribed: new Counter({
      name: "arcana_reminders_unsubscribed_total",
      help: "Members who turned streak reminders off from a reminder's unsubscribe link",
      registers: [registry],
    }),
  };
}
export type ReminderCounters = ReturnType<typeof createReminderCounters>;
