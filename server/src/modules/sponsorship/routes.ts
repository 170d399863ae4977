import { getRelayRoute, getSponsorshipRoute, relayRoute } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { SponsorshipService } from "./service.js";

export function registerSponsorshipRoutes(api: OpenAPIHono<AppEnv>, config: Config, sponsorship: SponsorshipService) {
  api.openapi(openApiRoute(getSponsorshipRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await sponsorship.status(member.user) }, 200);
  });

  api.openapi(openApiRoute(relayRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await sponsorship.relay(member.user, c.req.valid("json")) }, 202);
  });

  api.openapi(openApiRoute(getRelayRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await sponsorship.relayStatus(member.user.uid, c.req.valid("param").relay_id) }, 200);
  });
}
