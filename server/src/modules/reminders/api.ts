/** What other code calls of the reminders module. */

export { inboxProven } from "./deliverability.js";
export { createReminderCounters, type ReminderCounters } from "./metrics.js";
export { CONVERSION_HOURS, REMINDER_REPORT_DAYS, reminderReport } from "./report.js";
export { startReminders } from "./run-reminders.js";
export { createReminderSender, type ReminderSender } from "./sending.js";
export { createUnsubscribeTokens } from "./unsubscribe-token.js";
