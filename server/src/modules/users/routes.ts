import { getMyProfileRoute } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";

export function registerUserRoutes(routes: Routes) {
  routes.memberRoute(getMyProfileRoute, async (c, member) => {
    return c.json({ data: member.user }, 200);
  });
}
