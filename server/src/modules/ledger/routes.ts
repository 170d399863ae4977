import { assetsPageSchema, assetsQuerySchema } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import { listLedger } from "./service.js";

const assets = createRoute({
  method: "get",
  path: "/assets",
  tags: ["points"],
  summary: "The member's rewards history (the points ledger), newest first",
  description: "Cursor pagination: pass the answer's `next_cursor` as `cursor` for the next, older page.",
  security: [{ session: [] }],
  request: { query: assetsQuerySchema },
  responses: { 200: jsonData(assetsPageSchema, "One page of ledger entries"), ...errorResponses(400, 401) },
});

export function registerLedgerRoutes(api: OpenAPIHono<AppEnv>, config: Config, db: Database) {
  api.openapi(assets, async (c) => {
    const member = await requireMember(c, config);
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await listLedger(db, member.user.uid, { perPage: per_page, cursor }) }, 200);
  });
}
