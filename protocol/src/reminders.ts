import { z } from "zod";

/** Hours of the GMT day a reminder may be sent at (the day ends at 24:00 GMT). */
export const REMINDER_HOURS = 24;

const sendHourSchema = z
  .number()
  .int()
  .min(0)
  .max(REMINDER_HOURS - 1);

/** `GET /users/mine/reminders`: the member's streak-reminder choice and what the site offers. */
export const reminderSettingsSchema = z.object({
  /** False when the operator has turned streak reminders off for the whole site. */
  available: z.boolean(),
  /** The member asked for a reminder before their streak would end. */
  enabled: z.boolean(),
  /** The GMT hour the member picked, or null: the site's `default_send_hour`. */
  send_hour: sendHourSchema.nullable(),
  /** The GMT hour reminders go out at when a member picks none (the operator's setting). */
  default_send_hour: sendHourSchema,
  /** When the member last made the choice (ISO 8601), or null: never asked, so the offer is still open. */
  chosen_at: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** `POST /users/mine/reminders`: turn reminders on or off, optionally at another GMT hour. */
export const reminderChoiceSchema = z.object({
  enabled: z.boolean(),
  /** A GMT hour 0–23, or null for the site's default; absent keeps the member's current hour. */
  send_hour: sendHourSchema.nullable().optional(),
});
export type ReminderChoice = z.infer<typeof reminderChoiceSchema>;

/** `?token=`: the signed, member-specific token of a reminder's unsubscribe link (no session needed). */
export const reminderTokenQuerySchema = z.object({
  token: z.string().min(1).max(200),
});

/** What an unsubscribe or resubscribe by token left: whether that member's reminders are on. */
export const reminderSubscriptionSchema = z.object({
  enabled: z.boolean(),
});
export type ReminderSubscription = z.infer<typeof reminderSubscriptionSchema>;

/** One GMT day of the console's reminder figures. */
export const reminderDayFiguresSchema = z.object({
  /** GMT day, `YYYY-MM-DD`. */
  date: z.string(),
  /** Reminders handed to the mail server that day. */
  sent: z.number().int(),
  /** Of those, members who checked in within 6 hours after their reminder was sent. */
  checked_in_within_6h: z.number().int(),
  /** Members who turned reminders off that day (by the link or in their account). */
  unsubscribes: z.number().int(),
});
export type ReminderDayFigures = z.infer<typeof reminderDayFiguresSchema>;

/**
 * `GET /operator/reminders`: the last 30 GMT days, today included, oldest first, every day listed (zeros for a
 * quiet day). Opening is not tracked (no pixel, no redirecting links): the conversion is check-ins.
 */
export const operatorRemindersSchema = z.object({
  /** False when the operator has turned reminders off site-wide. */
  enabled: z.boolean(),
  days: z.array(reminderDayFiguresSchema),
  /** The 30 days together. */
  total: reminderDayFiguresSchema.omit({ date: true }),
  /** Members with reminders on whose address the mail server refused for good, as known now. */
  undeliverable: z.number().int(),
});
export type OperatorReminders = z.infer<typeof operatorRemindersSchema>;
