import { userSchema } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";

const mine = createRoute({
  method: "get",
  path: "/users/mine",
  tags: ["accounts"],
  summary: "The signed-in member's profile",
  security: [{ session: [] }],
  responses: { 200: jsonData(userSchema, "The member"), ...errorResponses(401) },
});

export function registerUserRoutes(api: OpenAPIHono<AppEnv>, config: Config) {
  api.openapi(mine, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: member.user }, 200);
  });
}
