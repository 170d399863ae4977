import type { OperatorSponsorship } from "@arcana/protocol";
import { getOperatorSponsorshipRoute, getRelayRoute, getSponsorshipRoute, relayRoute } from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import { clientIp } from "../../http/session.js";
import type { SponsorshipService } from "./service.js";

export function registerSponsorshipRoutes(
  routes: Routes,
  sponsorship: SponsorshipService,
  operatorReport: () => Promise<OperatorSponsorship>,
) {
  routes.operatorRoute(getOperatorSponsorshipRoute, async (c) => c.json({ data: await operatorReport() }, 200));

  routes.memberRoute(getSponsorshipRoute, async (c, member) =>
    c.json({ data: await sponsorship.status(member.user, clientIp(c, routes.config.trustProxy)) }, 200),
  );

  routes.memberRoute(relayRoute, async (c, member) =>
    c.json(
      { data: await sponsorship.relay(member.user, c.req.valid("json"), clientIp(c, routes.config.trustProxy)) },
      202,
    ),
  );

  routes.memberRoute(getRelayRoute, async (c, member) =>
    c.json({ data: await sponsorship.relayStatus(member.user.uid, c.req.valid("param").relay_id) }, 200),
  );
}
