import { creditCheckInRoute, getCheckInStatusRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { CheckInService } from "./service.js";

export function registerCheckInRoutes(api: OpenAPIHono<AppEnv>, config: Config, checkIn: CheckInService) {
  api.openapi(openApiRoute(getCheckInStatusRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await checkIn.status(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(creditCheckInRoute), async (c) => {
    const member = await requireMember(c, config);
    const { tx_hash, chain_id } = c.req.valid("json");
    const result = await checkIn.creditSubmittedCheckIn(member.user, chain_id, tx_hash);
    return c.json({ data: result }, 200);
  });
}
