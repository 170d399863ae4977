import {
  chainTarotSchema,
  chainTransactionRequestSchema,
  parseGmtDate,
  tarotDailyRequestSchema,
  tarotDrawSchema,
  tarotNetworkSchema,
  tarotReadingSchema,
  tarotRecordResultSchema,
} from "@arcana/protocol";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import { ApiError } from "../../http/api-error.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { TarotService } from "./service.js";

const draw = createRoute({
  method: "get",
  path: "/tarot/draw",
  tags: ["tarot"],
  summary: "Today's three cards (past, present, future), fixed for the member for the GMT day",
  security: [{ session: [] }],
  responses: { 200: jsonData(tarotDrawSchema, "Today's draw"), ...errorResponses(401) },
});

const daily = createRoute({
  method: "post",
  path: "/tarot/daily",
  tags: ["tarot"],
  summary: "Today's reading of today's draw",
  description:
    "`cards` must be today's draw in order (past, present, future), else 400. The reading is written once per day; " +
    "`force_refresh: true` rewrites the text, never the cards. Languages other than `en` get an English reading " +
    "with `language_note` saying so.",
  security: [{ session: [] }],
  request: jsonBody(tarotDailyRequestSchema),
  responses: { 200: jsonData(tarotReadingSchema, "The reading"), ...errorResponses(400, 401, 403) },
});

const pastReading = createRoute({
  method: "get",
  path: "/tarot/reading",
  tags: ["tarot"],
  summary: "The member's stored reading of a given GMT date (e.g. yesterday's)",
  security: [{ session: [] }],
  request: { query: z.object({ date: z.string().describe("YYYY-MM-DD") }) },
  responses: {
    200: jsonData(tarotReadingSchema.nullable(), "The reading, or null when the member had none that day"),
    ...errorResponses(400, 401),
  },
});

const chainTarot = createRoute({
  method: "get",
  path: "/blockchain/tarot",
  tags: ["tarot"],
  summary: "Today's reading text and whether today's draw is recorded on the network",
  description: "`network`: `zkf` for zkFair, `op` for every other chain (opBNB, its testnet, the local chain).",
  security: [{ session: [] }],
  request: { query: z.object({ network: tarotNetworkSchema.default("op") }) },
  responses: { 200: jsonData(chainTarotSchema, "Today's tarot on that network"), ...errorResponses(400, 401) },
});

const submitTarot = createRoute({
  method: "post",
  path: "/blockchain/tarot",
  tags: ["tarot"],
  summary: "Credit a recordTarot transaction now, before the indexer sees it",
  description:
    "The transaction must be a confirmed, successful `Daily.recordTarot(digest)` from the member's bound wallet, " +
    "recording the digest of the member's draw (see `GET /tarot/draw`). Tarot points land once per GMT day.",
  security: [{ session: [] }],
  request: jsonBody(chainTransactionRequestSchema),
  responses: {
    200: jsonData(tarotRecordResultSchema, "The day's tarot credit"),
    ...errorResponses(400, 401, 403, 409, 503),
  },
});

export function registerTarotRoutes(api: OpenAPIHono<AppEnv>, config: Config, tarot: TarotService) {
  api.openapi(draw, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: tarot.draw(member.user.uid) }, 200);
  });

  api.openapi(daily, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tarot.dailyReading(member.user.uid, c.req.valid("json")) }, 200);
  });

  api.openapi(pastReading, async (c) => {
    const member = await requireMember(c, config);
    const { date } = c.req.valid("query");
    if (!parseGmtDate(date)) throw new ApiError("bad_request", "date must be a calendar date written YYYY-MM-DD.");
    return c.json({ data: await tarot.readingOn(member.user.uid, date) }, 200);
  });

  api.openapi(chainTarot, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await tarot.chainTarot(member.user.uid, c.req.valid("query").network) }, 200);
  });

  api.openapi(submitTarot, async (c) => {
    const member = await requireMember(c, config);
    const { tx_hash, chain_id } = c.req.valid("json");
    return c.json({ data: await tarot.creditSubmittedTarot(member.user, chain_id, tx_hash as `0x${string}`) }, 200);
  });
}
