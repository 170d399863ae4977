import { defineRoute } from "../api-route.js";
import {
  boxResultsParamsSchema,
  boxResultsSchema,
  fairnessSchema,
  lootboxSummarySchema,
  marketSchema,
  myBoxesQuerySchema,
  myBoxesSchema,
  openRequestSchema,
  openResultSchema,
  purchaseHeadersSchema,
  purchaseRequestSchema,
  purchaseResultSchema,
  rotateRequestSchema,
} from "../boxes.js";

export const getBoxMarketRoute = defineRoute({
  method: "get",
  path: "/boxes",
  operationId: "getBoxMarket",
  tag: "boxes",
  summary: "The loot-box market: every box with price, supply left, per-member limit and its full odds table",
  description: "Public. Probabilities are exactly weight / total weight; the draw walks the table in this order.",
  security: "public",
  response: marketSchema,
  responseDescription: "The boxes on sale",
  errors: [],
});

export const purchaseBoxesRoute = defineRoute({
  method: "post",
  path: "/boxes/purchase",
  operationId: "purchaseBoxes",
  tag: "boxes",
  summary: "Buy 1–10 boxes of one kind with points",
  description:
    "One transaction: spends price × quantity points, takes the boxes from the supply and counts them against " +
    "the member's limit. With an `Idempotency-Key` header, a retry answers the first result and charges once.",
  security: "session",
  request: { body: purchaseRequestSchema, headers: purchaseHeadersSchema },
  response: purchaseResultSchema,
  responseDescription: "The boxes bought",
  errors: [400, 401, 403, 404, 409, 429],
});

export const openBoxRoute = defineRoute({
  method: "post",
  path: "/boxes/open",
  operationId: "openBox",
  tag: "boxes",
  summary: "Open one of the member's unopened boxes (provably fair, see docs/fairness.md)",
  security: "session",
  request: { body: openRequestSchema },
  response: openResultSchema,
  responseDescription: "The reward and its proof",
  errors: [400, 401, 403, 404, 409, 429],
});

export const listMyBoxesRoute = defineRoute({
  method: "get",
  path: "/boxes/mine",
  operationId: "listMyBoxes",
  tag: "boxes",
  summary: "The member's unopened boxes, and opened ones newest first with reward and proof",
  description:
    "Cursor pagination over opened boxes: pass `next_cursor` as `cursor`; unopened boxes come on the first page.",
  security: "session",
  request: { query: myBoxesQuerySchema },
  response: myBoxesSchema,
  responseDescription: "The member's boxes",
  errors: [400, 401],
});

export const getBoxFairnessRoute = defineRoute({
  method: "get",
  path: "/boxes/fairness",
  operationId: "getBoxFairness",
  tag: "boxes",
  summary: "The member's fairness commitment (server seed hash, client seed, next nonce) and revealed seeds",
  security: "session",
  response: fairnessSchema,
  responseDescription: "Seeds",
  errors: [401],
});

export const rotateBoxSeedRoute = defineRoute({
  method: "post",
  path: "/boxes/fairness/rotate",
  operationId: "rotateBoxSeed",
  tag: "boxes",
  summary: "Reveal the current server seed and start a new one, optionally with a new client seed",
  security: "session",
  request: { body: rotateRequestSchema },
  response: fairnessSchema,
  responseDescription: "Seeds after rotation",
  errors: [400, 401, 403, 429],
});

export const getLootboxSummaryRoute = defineRoute({
  method: "get",
  path: "/nft/lootbox",
  operationId: "getLootboxSummary",
  tag: "boxes",
  summary: "The loot-box page's summary: unopened boxes per kind, the fairness commitment, limits left",
  security: "session",
  response: lootboxSummarySchema,
  responseDescription: "Summary",
  errors: [401],
});

export const getBoxResultsRoute = defineRoute({
  method: "get",
  path: "/boxes/{id}/results",
  operationId: "getBoxResults",
  tag: "boxes",
  summary: "Stated odds beside actual openings over the last 90 days, for every odds version of a box",
  description: "Public.",
  security: "public",
  request: { params: boxResultsParamsSchema },
  response: boxResultsSchema,
  responseDescription: "Results per odds version",
  errors: [400, 404],
});
