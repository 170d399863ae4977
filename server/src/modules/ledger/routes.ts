import { listPointsHistoryRoute } from "@arcana/protocol";
import type { Database } from "../../db/client.js";
import type { Routes } from "../../http/routes.js";
import { listLedger } from "./service.js";

export function registerLedgerRoutes(routes: Routes, db: Database) {
  routes.memberRoute(listPointsHistoryRoute, async (c, member) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await listLedger(db, member.user.uid, { perPage: per_page, cursor }) }, 200);
  });
}
