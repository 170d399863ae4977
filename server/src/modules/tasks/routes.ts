import { consumeTasksRoute } from "@arcana/protocol";
import { answerLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import type { TaskService } from "./service.js";

export function registerTaskRoutes(routes: Routes, tasks: TaskService) {
  routes.memberRoute(consumeTasksRoute, async (c, member) => {
    return c.json({ data: await tasks.consume(member.user.uid, await answerLanguage(c)) }, 200);
  });
}
