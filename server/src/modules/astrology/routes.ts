import { getSkyTodayRoute, gmtDate } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { skyOn } from "./service.js";

export function registerAstrologyRoutes(api: OpenAPIHono<AppEnv>, now: () => Date) {
  api.openapi(openApiRoute(getSkyTodayRoute), (c) => {
    // The same for everyone all day: caches may keep it for a while.
    c.header("Cache-Control", "public, max-age=600");
    return c.json({ data: skyOn(gmtDate(now())) }, 200);
  });
}
