import { defineRoute } from "../api-route.js";
import { reminderChoiceSchema, reminderSettingsSchema } from "../reminders.js";

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
