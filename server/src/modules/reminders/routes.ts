import { getMyRemindersRoute, setMyRemindersRoute } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import type { ReminderService } from "./service.js";

export function registerReminderRoutes(routes: Routes, reminders: ReminderService) {
  routes.memberRoute(getMyRemindersRoute, async (c, member) => {
    return c.json({ data: await reminders.settingsOf(member.user.uid) }, 200);
  });

  routes.memberRoute(setMyRemindersRoute, async (c, member) => {
    return c.json({ data: await reminders.choose(member.user.uid, c.req.valid("json")) }, 200);
  });
}
