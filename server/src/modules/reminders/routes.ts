import {
  getMyRemindersRoute,
  resubscribeRemindersRoute,
  setMyRemindersRoute,
  unsubscribeRemindersRoute,
} from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import type { ReminderService } from "./service.js";

export function registerReminderRoutes(routes: Routes, reminders: ReminderService) {
  routes.memberRoute(getMyRemindersRoute, async (c, member) => {
    return c.json({ data: await reminders.settingsOf(member.user.uid) }, 200);
  });

  routes.memberRoute(setMyRemindersRoute, async (c, member) => {
    return c.json({ data: await reminders.choose(member.user.uid, c.req.valid("json")) }, 200);
  });

  routes.publicRoute(unsubscribeRemindersRoute, async (c) => {
    const { enabled } = await reminders.unsubscribe(c.req.valid("query").token);
    return c.json({ data: { enabled } }, 200);
  });

  routes.publicRoute(resubscribeRemindersRoute, async (c) => {
    const { enabled } = await reminders.resubscribe(c.req.valid("query").token);
    return c.json({ data: { enabled } }, 200);
  });
}
