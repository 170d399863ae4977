import { defineRoute } from "../api-route.js";
import {
  reminderChoiceSchema,
  reminderSettingsSchema,
  reminderSubscriptionSchema,
  reminderTokenQuerySchema,
} from "../reminders.js";

export const getMyRemindersRoute = defineRoute({
  method: "get",
  path: "/users/mine/reminders",
  operationId: "getMyReminders",
  tag: "accounts",
  summary: "The member's streak-reminder choice",
  description:
    "Whether the member gets one e-mail before their streak would end, at which GMT hour, and whether the site offers reminders at all. `chosen_at` null: the member was never asked.",
  security: "session",
  response: reminderSettingsSchema,
  responseDescription: "The choice",
  errors: [401],
});

export const setMyRemindersRoute = defineRoute({
  method: "post",
  path: "/users/mine/reminders",
  operationId: "setMyReminders",
  tag: "accounts",
  summary: "Turn streak reminders on or off",
  description:
    "Stored with the time of the choice. Off by default; turning them on while the site has them off answers 409 `reminders_unavailable`.",
  security: "session",
  request: { body: reminderChoiceSchema },
  response: reminderSettingsSchema,
  responseDescription: "The choice saved",
  errors: [400, 401, 403, 409],
});

export const unsubscribeRemindersRoute = defineRoute({
  method: "post",
  path: "/reminders/unsubscribe",
  operationId: "unsubscribeReminders",
  tag: "accounts",
  summary: "One-click unsubscribe from streak reminders (RFC 8058)",
  description:
    "The `List-Unsubscribe` address of every streak reminder: a POST (mailbox providers send the body `List-Unsubscribe=One-Click`, which is not needed) turns the member's reminders off without a session. The token is signed for one member; a token that is not ours answers 400 `bad_request`. Answering it again changes nothing.",
  security: "public",
  request: { query: reminderTokenQuerySchema },
  response: reminderSubscriptionSchema,
  responseDescription: "Reminders are off for the member the token names",
  errors: [400],
});

export const resubscribeRemindersRoute = defineRoute({
  method: "post",
  path: "/reminders/resubscribe",
  operationId: "resubscribeReminders",
  tag: "accounts",
  summary: "Turn streak reminders back on from an unsubscribe link",
  description:
    "The unsubscribe page's button: turns the token's member's reminders on again without a session. 409 `reminders_unavailable` when the site has reminders off.",
  security: "public",
  request: { query: reminderTokenQuerySchema },
  response: reminderSubscriptionSchema,
  responseDescription: "Reminders are on for the member the token names",
  errors: [400, 409],
});
