import {
  getBoxFairnessRoute,
  getBoxMarketRoute,
  getBoxResultsRoute,
  getLootboxSummaryRoute,
  getOpeningsDayFileRoute,
  getPublicFairnessRoute,
  listMyBoxesRoute,
  listPublicOpeningsRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import { answerLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import { clientIp } from "../../http/session.js";
import type { BoxService } from "./service.js";

export function registerBoxRoutes(routes: Routes, boxes: BoxService) {
  routes.publicRoute(getBoxMarketRoute, async (c) =>
    c.json({ data: await boxes.market(await answerLanguage(c)) }, 200),
  );

  routes.memberRoute(purchaseBoxesRoute, async (c, member) => {
    const key = c.req.valid("header")["idempotency-key"];
    return c.json({ data: await boxes.purchase(member.user, c.req.valid("json"), key) }, 200);
  });

  routes.memberRoute(openBoxRoute, async (c, member) => {
    return c.json({ data: await boxes.open(member.user, c.req.valid("json").owned_box_id) }, 200);
  });

  routes.memberRoute(listMyBoxesRoute, async (c, member) => {
    const { per_page, cursor } = c.req.valid("query");
    return c.json(
      { data: await boxes.mine(member.user.uid, { perPage: per_page, cursor }, await answerLanguage(c)) },
      200,
    );
  });

  routes.memberRoute(getBoxFairnessRoute, async (c, member) => {
    return c.json({ data: await boxes.fairness(member.user.uid) }, 200);
  });

  routes.memberRoute(rotateBoxSeedRoute, async (c, member) => {
    return c.json({ data: await boxes.rotate(member.user.uid, c.req.valid("json").client_seed) }, 200);
  });

  routes.memberRoute(getLootboxSummaryRoute, async (c, member) => {
    return c.json({ data: await boxes.summary(member.user.uid, await answerLanguage(c)) }, 200);
  });

  routes.publicRoute(getBoxResultsRoute, async (c) =>
    c.json({ data: await boxes.results(c.req.valid("param").id) }, 200),
  );

  routes.publicRoute(listPublicOpeningsRoute, async (c) => {
    const { per_page, cursor } = c.req.valid("query");
    const network = clientIp(c, routes.config.trustProxy);
    return c.json({ data: await boxes.publicOpenings(network, { perPage: per_page, cursor }) }, 200);
  });

  routes.publicRoute(getOpeningsDayFileRoute, async (c) => {
    const file = await boxes.openingsDayFile(clientIp(c, routes.config.trustProxy), c.req.valid("param").file);
    const headers = {
      "cache-control": file.cacheControl,
      etag: file.etag,
      "content-type": file.format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl; charset=utf-8",
      "content-disposition": `attachment; filename="arcana-openings-${file.day}.${file.format}"`,
    };
    const cached = c.req.header("if-none-match");
    if (cached?.split(",").some((tag) => tag.trim() === file.etag)) return new Response(null, { status: 304, headers });
    return new Response(file.body, { status: 200, headers });
  });

  routes.publicRoute(getPublicFairnessRoute, async (c) => {
    c.header("cache-control", "public, max-age=60");
    const network = clientIp(c, routes.config.trustProxy);
    return c.json({ data: await boxes.publicFairness(network, await answerLanguage(c)) }, 200);
  });
}
