import { consumeTasksRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { TaskService } from "./service.js";

export function registerTaskRoutes(api: OpenAPIHono<AppEnv>, tasks: TaskService, config: Config) {
  api.openapi(openApiRoute(consumeTasksRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tasks.consume(member.user.uid) }, 200);
  });
}
