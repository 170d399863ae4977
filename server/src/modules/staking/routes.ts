import {
  claimAllRewardsRoute,
  claimPassRewardsRoute,
  getStakingRewardsRoute,
  signUnstakeAuthorizationRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { StakingService } from "./service.js";

export function registerStakingRoutes(api: OpenAPIHono<AppEnv>, service: StakingService, config: Config) {
  api.openapi(openApiRoute(getStakingRewardsRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.rewards(member.user) }, 200);
  });

  api.openapi(openApiRoute(claimPassRewardsRoute), async (c) => {
    const member = await requireMember(c, config);
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.claimOne(member.user, token_id, chain_id) }, 200);
  });

  api.openapi(openApiRoute(claimAllRewardsRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.claimAll(member.user) }, 200);
  });

  api.openapi(openApiRoute(signUnstakeAuthorizationRoute), async (c) => {
    const member = await requireMember(c, config);
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.unstakeSignature(member.user, token_id, chain_id) }, 200);
  });
}
