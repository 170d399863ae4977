import type { ReminderChoice, ReminderSettings } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import type { ReminderSettingsConfig } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { reminderChoices } from "./schema.js";

export interface ReminderServiceDeps {
  db: DatabaseOrTransaction;
  settings: ReminderSettingsConfig;
  now: () => Date;
}

export type ReminderService = ReturnType<typeof createReminderService>;

/** The member's side of streak reminders: their choice, stored with its time. */
export function createReminderService({ db, settings, now }: ReminderServiceDeps) {
  async function settingsOf(userId: string): Promise<ReminderSettings> {
    const [choice] = await db.select().from(reminderChoices).where(eq(reminderChoices.userId, userId));
    return {
      available: settings.enabled,
      enabled: settings.enabled && (choice?.enabled ?? false),
      send_hour: choice?.sendHour ?? null,
      default_send_hour: settings.sendHourGmt,
      chosen_at: choice ? choice.chosenAt.toISOString() : null,
    };
  }

  return {
    settingsOf,

    /** Turns reminders on or off for the member; an absent `send_hour` keeps the hour they had. */
    async choose(userId: string, choice: ReminderChoice): Promise<ReminderSettings> {
      if (choice.enabled && !settings.enabled) {
        throw new ApiError("reminders_unavailable", "Streak reminders are turned off on this site.");
      }
      const at = now();
      const values = { userId, enabled: choice.enabled, chosenAt: at };
      await db
        .insert(reminderChoices)
        .values(choice.send_hour === undefined ? values : { ...values, sendHour: choice.send_hour })
        .onConflictDoUpdate({
          target: reminderChoices.userId,
          set:
            choice.send_hour === undefined
              ? { enabled: choice.enabled, chosenAt: at }
              : { enabled: choice.enabled, sendHour: choice.send_hour, chosenAt: at },
        });
      return settingsOf(userId);
    },
  };
}
