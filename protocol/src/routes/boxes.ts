import { defineRoute } from "../api-route.js";
import {
  boxResultsParamsSchema,
  boxResultsSchema,
  fairnessSchema,
  lootboxSummarySchema,
  marketSchema,
  myBoxesQuerySchema,
  myBoxesSchema,
  openingsDayFileParamsSchema,
  openingsDayFileSchema,
  openRequestSchema,
  openResultSchema,
  publicFairnessSchema,
  publicOpeningsQuerySchema,
  publicOpeningsSchema,
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

export const listPublicOpeningsRoute = defineRoute({
  method: "get",
  path: "/boxes/openings",
  operationId: "listPublicOpenings",
  tag: "boxes",
  summary: "Every loot-box opening of the last 90 days, newest first, anonymous, with what re-derives it",
  description:
    "Public. No member, e-mail or wallet: box, odds version, the minute, the server seed's hash, the server seed " +
    "once revealed, the client seed (its hash only when the member typed it), nonce, weights and reward " +
    "(docs/fairness.md). Cursor pagination: pass `next_cursor` as `cursor`. Limited per network.",
  security: "public",
  request: { query: publicOpeningsQuerySchema },
  response: publicOpeningsSchema,
  responseDescription: "A page of openings",
  errors: [400, 429],
});

export const getOpeningsDayFileRoute = defineRoute({
  method: "get",
  path: "/boxes/openings/{file}",
  operationId: "getOpeningsDayFile",
  tag: "boxes",
  summary: "One GMT day's openings as a file: `YYYY-MM-DD.jsonl` (JSON Lines) or `YYYY-MM-DD.csv`",
  description:
    "Public, oldest opening first, the same fields as `GET /boxes/openings`. A finished day whose seeds are " +
    "all revealed is written once and cached for good (`Cache-Control: public, immutable`, `ETag`); until then " +
    "it is cached briefly and rewritten when a seed of that day is revealed. Days of the last 90 only. " +
    "Limited per network.",
  security: "public",
  request: { params: openingsDayFileParamsSchema },
  response: openingsDayFileSchema,
  responseDescription: "The day's openings",
  produces: ["application/jsonl", "text/csv"],
  errors: [400, 404, 429],
});

export const getPublicFairnessRoute = defineRoute({
  method: "get",
  path: "/boxes/fairness/public",
  operationId: "getPublicFairness",
  tag: "boxes",
  summary: "The public fairness page: per box and odds version, stated odds beside counts with a χ² test",
  description:
    "Public. Also how many openings of the last 90 days anyone can re-derive now and how many wait for " +
    "their seed's reveal. Limited per network.",
  security: "public",
  response: publicFairnessSchema,
  responseDescription: "Stated and observed odds, and verifiable openings",
  errors: [429],
});
