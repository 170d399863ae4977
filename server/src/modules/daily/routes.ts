import { creditCheckInRoute, getCheckInStatusRoute } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import type { CheckInService } from "./service.js";

export function registerCheckInRoutes(routes: Routes, checkIn: CheckInService) {
  routes.memberRoute(getCheckInStatusRoute, async (c, member) => {
    return c.json({ data: await checkIn.status(member.user.uid) }, 200);
  });

  routes.memberRoute(creditCheckInRoute, async (c, member) => {
    const { tx_hash, chain_id } = c.req.valid("json");
    const result = await checkIn.creditSubmittedCheckIn(member.user, chain_id, tx_hash);
    return c.json({ data: result }, 200);
  });
}
