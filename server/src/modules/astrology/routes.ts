import { getSkyTodayRoute, gmtDate } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import { skyOn } from "./service.js";

export function registerAstrologyRoutes(routes: Routes, now: () => Date) {
  routes.publicRoute(getSkyTodayRoute, (c) => {
    // The same for everyone all day: caches may keep it for a while.
    c.header("Cache-Control", "public, max-age=600");
    return c.json({ data: skyOn(gmtDate(now())) }, 200);
  });
}
