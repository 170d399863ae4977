import {
  creditTarotRecordRoute,
  getChainTarotRoute,
  getPastTarotReadingRoute,
  getTarotDrawRoute,
  readTarotRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { TarotService } from "./service.js";

export function registerTarotRoutes(api: OpenAPIHono<AppEnv>, config: Config, tarot: TarotService) {
  api.openapi(openApiRoute(getTarotDrawRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: tarot.draw(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(readTarotRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tarot.dailyReading(member.user.uid, c.req.valid("json")) }, 200);
  });

  api.openapi(openApiRoute(getPastTarotReadingRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tarot.readingOn(member.user.uid, c.req.valid("query").date) }, 200);
  });

  api.openapi(openApiRoute(getChainTarotRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tarot.chainTarot(member.user.uid, c.req.valid("query").network) }, 200);
  });

  api.openapi(openApiRoute(creditTarotRecordRoute), async (c) => {
    const member = await requireMember(c, config);
    const { tx_hash, chain_id } = c.req.valid("json");
    return c.json({ data: await tarot.creditSubmittedTarot(member.user, chain_id, tx_hash) }, 200);
  });
}
