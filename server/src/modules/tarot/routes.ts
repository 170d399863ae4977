import {
  creditTarotRecordRoute,
  getChainTarotRoute,
  getPastTarotReadingRoute,
  getTarotDrawRoute,
  readTarotRoute,
} from "@arcana/protocol";
import { resolveLanguage } from "../../http/language.js";
import type { Routes } from "../../http/routes.js";
import type { TarotService } from "./service.js";

export function registerTarotRoutes(routes: Routes, tarot: TarotService) {
  routes.memberRoute(getTarotDrawRoute, async (c, member) => {
    // The cards' texts in the request's language (?lang=, the arcana_lang cookie, Accept-Language).
    return c.json({ data: tarot.draw(member.user.uid, resolveLanguage(c.req.raw)) }, 200);
  });

  routes.memberRoute(readTarotRoute, async (c, member) => {
    return c.json({ data: await tarot.dailyReading(member.user.uid, c.req.valid("json")) }, 200);
  });

  routes.memberRoute(getPastTarotReadingRoute, async (c, member) => {
    // In the reader's language (?lang=, the arcana_lang cookie, Accept-Language), whatever it was written in.
    const reading = await tarot.readingOn(member.user.uid, c.req.valid("query").date, resolveLanguage(c.req.raw));
    return c.json({ data: reading }, 200);
  });

  routes.memberRoute(getChainTarotRoute, async (c, member) => {
    return c.json({ data: await tarot.chainTarot(member.user.uid, c.req.valid("query").network) }, 200);
  });

  routes.memberRoute(creditTarotRecordRoute, async (c, member) => {
    const { tx_hash, chain_id } = c.req.valid("json");
    return c.json({ data: await tarot.creditSubmittedTarot(member.user, chain_id, tx_hash) }, 200);
  });
}
