import {
  claimKolRewardsRoute,
  claimReferralRewardsRoute,
  getKolSummaryRoute,
  getReferralSummaryRoute,
  useReferralCodeRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { ReferralService } from "./service.js";

export function registerReferralRoutes(api: OpenAPIHono<AppEnv>, referrals: ReferralService, config: Config) {
  api.openapi(openApiRoute(getReferralSummaryRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await referrals.summary(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(useReferralCodeRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await referrals.use(member.user.uid, c.req.valid("json").code) }, 200);
  });

  api.openapi(openApiRoute(claimReferralRewardsRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await referrals.claimReferralRewards(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(getKolSummaryRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await referrals.kolSummary(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(claimKolRewardsRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await referrals.claimKolRewards(member.user.uid) }, 200);
  });
}
