import { listPointsHistoryRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import { listLedger } from "./service.js";

export function registerLedgerRoutes(api: OpenAPIHono<AppEnv>, config: Config, db: Database) {
  api.openapi(openApiRoute(listPointsHistoryRoute), async (c) => {
    const member = await requireMember(c, config);
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await listLedger(db, member.user.uid, { perPage: per_page, cursor }) }, 200);
  });
}
