import { getMyProfileRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";

export function registerUserRoutes(api: OpenAPIHono<AppEnv>, config: Config) {
  api.openapi(openApiRoute(getMyProfileRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: member.user }, 200);
  });
}
