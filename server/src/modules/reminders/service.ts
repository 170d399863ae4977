import { isLanguage, type Language, type ReminderChoice, type ReminderSettings } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import type { ReminderSettingsConfig } from "../../economy.js";
import { ApiError } from "../../shared/errors.js";
import { memberById } from "../users/api.js";
import type { ReminderCounters } from "./metrics.js";
import { reminderChoiceChanges, reminderChoices } from "./schema.js";
import type { UnsubscribeTokens } from "./unsubscribe-token.js";

export interface ReminderServiceDeps {
  db: DatabaseOrTransaction;
  settings: ReminderSettingsConfig;
  now: () => Date;
  /** The unsubscribe links' tokens (absent: no link works). */
  tokens?: UnsubscribeTokens;
  counters?: ReminderCounters;
}

/** The member a reminder's link names, their language and whether their reminders are on. */
export interface LinkedMember {
  userId: string;
  language: Language;
  enabled: boolean;
}

export type ReminderService = ReturnType<typeof createReminderService>;

/** The member's side of streak reminders: their choice, stored with its time. */
export function createReminderService({ db, settings, now, tokens, counters }: ReminderServiceDeps) {
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

  /** The member `token` names, or null when it is not one of ours (tampered, another key, no such member). */
  async function memberOfToken(token: string): Promise<LinkedMember | null> {
    const userId = tokens?.verify(token) ?? null;
    if (!userId) return null;
    const member = await memberById(db, userId);
    if (!member) return null;
    const [choice] = await db.select().from(reminderChoices).where(eq(reminderChoices.userId, userId));
    return {
      userId,
      language: isLanguage(member.language) ? member.language : "en",
      enabled: settings.enabled && (choice?.enabled ?? false),
    };
  }

  /**
   * Stores the member's choice (an absent `sendHour` keeps theirs) and, in the same transaction, appends it to
   * `reminder_choice_changes` when it turns reminders on or off (the console's unsubscribes per day).
   */
  async function store(userId: string, enabled: boolean, sendHour?: number | null) {
    const at = now();
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ enabled: reminderChoices.enabled })
        .from(reminderChoices)
        .where(eq(reminderChoices.userId, userId))
        .for("update");
      const values = { userId, enabled, chosenAt: at };
      await tx
        .insert(reminderChoices)
        .values(sendHour === undefined ? values : { ...values, sendHour })
        .onConflictDoUpdate({
          target: reminderChoices.userId,
          set: sendHour === undefined ? { enabled, chosenAt: at } : { enabled, sendHour, chosenAt: at },
        });
      if ((before?.enabled ?? false) !== enabled)
        await tx.insert(reminderChoiceChanges).values({ userId, enabled, at });
    });
  }

  return {
    settingsOf,
    memberOfToken,

    /**
     * The one-click unsubscribe (RFC 8058): turns the token's member's reminders off, without a session. The same
     * answer again changes nothing. Throws 400 `bad_request` for a token that is not ours.
     */
    async unsubscribe(token: string): Promise<LinkedMember> {
      const member = await memberOfToken(token);
      if (!member) throw new ApiError("bad_request", "This unsubscribe link is not valid.");
      if (member.enabled) {
        await store(member.userId, false);
        counters?.unsubscribed.inc();
      }
      return { ...member, enabled: false };
    },

    /** The unsubscribe page's "turn them back on" (409 `reminders_unavailable` while the site has them off). */
    async resubscribe(token: string): Promise<LinkedMember> {
      const member = await memberOfToken(token);
      if (!member) throw new ApiError("bad_request", "This unsubscribe link is not valid.");
      if (!settings.enabled) {
        throw new ApiError("reminders_unavailable", "Streak reminders are turned off on this site.");
      }
      if (!member.enabled) await store(member.userId, true);
      return { ...member, enabled: true };
    },

    /** Turns reminders on or off for the member; an absent `send_hour` keeps the hour they had. */
    async choose(userId: string, choice: ReminderChoice): Promise<ReminderSettings> {
      if (choice.enabled && !settings.enabled) {
        throw new ApiError("reminders_unavailable", "Streak reminders are turned off on this site.");
      }
      await store(userId, choice.enabled, choice.send_hour);
      return settingsOf(userId);
    },
  };
}
