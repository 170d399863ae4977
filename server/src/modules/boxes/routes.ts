import {
  boxResultsSchema,
  fairnessSchema,
  idempotencyKeyPattern,
  lootboxSummarySchema,
  marketSchema,
  myBoxesQuerySchema,
  myBoxesSchema,
  openRequestSchema,
  openResultSchema,
  purchaseRequestSchema,
  purchaseResultSchema,
  rotateRequestSchema,
} from "@arcana/protocol";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { BoxService } from "./service.js";

const market = createRoute({
  method: "get",
  path: "/boxes",
  tags: ["boxes"],
  summary: "The loot-box market: every box with price, supply left, per-member limit and its full odds table",
  description: "Public. Probabilities are exactly weight / total weight; the draw walks the table in this order.",
  responses: { 200: jsonData(marketSchema, "The boxes on sale") },
});

const purchase = createRoute({
  method: "post",
  path: "/boxes/purchase",
  tags: ["boxes"],
  summary: "Buy 1–10 boxes of one kind with points",
  description:
    "One transaction: spends price × quantity points, takes the boxes from the supply and counts them against " +
    "the member's limit. With an `Idempotency-Key` header, a retry answers the first result and charges once.",
  security: [{ session: [] }],
  request: {
    ...jsonBody(purchaseRequestSchema),
    headers: z.object({
      "idempotency-key": z
        .string()
        .regex(idempotencyKeyPattern, "Idempotency-Key must be 1–200 visible characters")
        .optional(),
    }),
  },
  responses: {
    200: jsonData(purchaseResultSchema, "The boxes bought"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const open = createRoute({
  method: "post",
  path: "/boxes/open",
  tags: ["boxes"],
  summary: "Open one of the member's unopened boxes (provably fair, see docs/fairness.md)",
  security: [{ session: [] }],
  request: jsonBody(openRequestSchema),
  responses: {
    200: jsonData(openResultSchema, "The reward and its proof"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const mine = createRoute({
  method: "get",
  path: "/boxes/mine",
  tags: ["boxes"],
  summary: "The member's unopened boxes, and opened ones newest first with reward and proof",
  description:
    "Cursor pagination over opened boxes: pass `next_cursor` as `cursor`; unopened boxes come on the first page.",
  security: [{ session: [] }],
  request: { query: myBoxesQuerySchema },
  responses: { 200: jsonData(myBoxesSchema, "The member's boxes"), ...errorResponses(400, 401) },
});

const fairness = createRoute({
  method: "get",
  path: "/boxes/fairness",
  tags: ["boxes"],
  summary: "The member's fairness commitment (server seed hash, client seed, next nonce) and revealed seeds",
  security: [{ session: [] }],
  responses: { 200: jsonData(fairnessSchema, "Seeds"), ...errorResponses(401) },
});

const rotate = createRoute({
  method: "post",
  path: "/boxes/fairness/rotate",
  tags: ["boxes"],
  summary: "Reveal the current server seed and start a new one, optionally with a new client seed",
  security: [{ session: [] }],
  request: jsonBody(rotateRequestSchema),
  responses: { 200: jsonData(fairnessSchema, "Seeds after rotation"), ...errorResponses(400, 401, 403) },
});

const summary = createRoute({
  method: "get",
  path: "/nft/lootbox",
  tags: ["boxes"],
  summary: "The loot-box page's summary: unopened boxes per kind, the fairness commitment, limits left",
  security: [{ session: [] }],
  responses: { 200: jsonData(lootboxSummarySchema, "Summary"), ...errorResponses(401) },
});

const results = createRoute({
  method: "get",
  path: "/boxes/{id}/results",
  tags: ["boxes"],
  summary: "Stated odds beside actual openings over the last 90 days, for every odds version of a box",
  description: "Public.",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { 200: jsonData(boxResultsSchema, "Results per odds version"), ...errorResponses(400, 404) },
});

export function registerBoxRoutes(api: OpenAPIHono<AppEnv>, boxes: BoxService, config: Config) {
  api.openapi(market, async (c) => c.json({ data: await boxes.market() }, 200));

  api.openapi(purchase, async (c) => {
    const member = await requireMember(c, config);
    const key = c.req.valid("header")["idempotency-key"];
    return c.json({ data: await boxes.purchase(member.user, c.req.valid("json"), key) }, 200);
  });

  api.openapi(open, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.open(member.user, c.req.valid("json").owned_box_id) }, 200);
  });

  api.openapi(mine, async (c) => {
    const member = await requireMember(c, config);
    const { per_page, cursor } = c.req.valid("query");
    return c.json({ data: await boxes.mine(member.user.uid, { perPage: per_page, cursor }) }, 200);
  });

  api.openapi(fairness, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.fairness(member.user.uid) }, 200);
  });

  api.openapi(rotate, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.rotate(member.user.uid, c.req.valid("json").client_seed) }, 200);
  });

  api.openapi(summary, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await boxes.summary(member.user.uid) }, 200);
  });

  api.openapi(results, async (c) => c.json({ data: await boxes.results(c.req.valid("param").id) }, 200));
}
