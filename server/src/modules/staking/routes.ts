import {
  claimAllRewardsRoute,
  claimPassRewardsRoute,
  getStakingRewardsRoute,
  signUnstakeAuthorizationRoute,
} from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import type { StakingService } from "./service.js";

export function registerStakingRoutes(routes: Routes, service: StakingService) {
  routes.memberRoute(getStakingRewardsRoute, async (c, member) => {
    return c.json({ data: await service.rewards(member.user) }, 200);
  });

  routes.memberRoute(claimPassRewardsRoute, async (c, member) => {
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.claimOne(member.user, token_id, chain_id) }, 200);
  });

  routes.memberRoute(claimAllRewardsRoute, async (c, member) => {
    return c.json({ data: await service.claimAll(member.user) }, 200);
  });

  routes.memberRoute(signUnstakeAuthorizationRoute, async (c, member) => {
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.unstakeSignature(member.user, token_id, chain_id) }, 200);
  });
}
