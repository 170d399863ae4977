import {
  claimKolRewardsRoute,
  claimReferralRewardsRoute,
  getKolSummaryRoute,
  getReferralSummaryRoute,
  useReferralCodeRoute,
} from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import type { ReferralService } from "./service.js";

export function registerReferralRoutes(routes: Routes, referrals: ReferralService) {
  routes.memberRoute(getReferralSummaryRoute, async (c, member) => {
    return c.json({ data: await referrals.summary(member.user.uid) }, 200);
  });

  routes.memberRoute(useReferralCodeRoute, async (c, member) => {
    return c.json({ data: await referrals.use(member.user.uid, c.req.valid("json").code) }, 200);
  });

  routes.memberRoute(claimReferralRewardsRoute, async (c, member) => {
    return c.json({ data: await referrals.claimReferralRewards(member.user.uid) }, 200);
  });

  routes.memberRoute(getKolSummaryRoute, async (c, member) => {
    return c.json({ data: await referrals.kolSummary(member.user.uid) }, 200);
  });

  routes.memberRoute(claimKolRewardsRoute, async (c, member) => {
    return c.json({ data: await referrals.claimKolRewards(member.user.uid) }, 200);
  });
}
