import { astrologyTodaySchema, gmtDate } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.js";
import { jsonData } from "../../http/openapi.js";
import { skyOn } from "./service.js";

const today = createRoute({
  method: "get",
  path: "/astrology/today",
  tags: ["daily"],
  summary: "Today's sky for the tarot page's banner: the sun's sign and the moon's phase",
  description: "Computed (astronomy-engine) for 12:00 GMT of the current GMT day.",
  responses: { 200: jsonData(astrologyTodaySchema, "The day's sky") },
});

export function registerAstrologyRoutes(api: OpenAPIHono<AppEnv>, now: () => Date) {
  api.openapi(today, (c) => {
    // The same for everyone all day: caches may keep it for a while.
    c.header("Cache-Control", "public, max-age=600");
    return c.json({ data: skyOn(gmtDate(now())) }, 200);
  });
}
