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
import { answerLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
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
}
