/** What other code calls of the reminders module. */

export { inboxProven } from "./deliverability.js";
export { createReminderCounters, type ReminderCounters } from "./metrics.js";
export { reminderReport } from "./reports.js";
export { startReminders } from "./run-reminders.js";
export { createReminderSender, type ReminderSender } from "./sending.js";
export { createUnsubscribeTokens } from "./unsubscribe-token.js";
