import {
  getBoxFairnessRoute,
  getBoxMarketRoute,
  getBoxResultsRoute,
  getLootboxSummaryRoute,
  listMyBoxesRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { BoxService } from "./service.js";

export function registerBoxRoutes(api: OpenAPIHono<AppEnv>, boxes: BoxService, config: Config) {
  api.openapi(openApiRoute(getBoxMarketRoute), async (c) => c.json({ data: await boxes.market() }, 200));

  api.openapi(openApiRoute(purchaseBoxesRoute), async (c) => {
    const member = await requireMember(c, config);
    const key = c.req.valid("header")["idempotency-key"];
    return c.json({ data: await boxes.purchase(member.user, c.req.valid("json"), key) }, 200);
  });

  api.openapi(openApiRoute(openBoxRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.open(member.user, c.req.valid("json").owned_box_id) }, 200);
  });

  api.openapi(openApiRoute(listMyBoxesRoute), async (c) => {
    const member = await requireMember(c, config);
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await boxes.mine(member.user.uid, { perPage: per_page, cursor }) }, 200);
  });

  api.openapi(openApiRoute(getBoxFairnessRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.fairness(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(rotateBoxSeedRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.rotate(member.user.uid, c.req.valid("json").client_seed) }, 200);
  });

  api.openapi(openApiRoute(getLootboxSummaryRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.summary(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(getBoxResultsRoute), async (c) =>
    c.json({ data: await boxes.results(c.req.valid("param").id) }, 200),
  );
}
