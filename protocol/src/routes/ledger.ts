import { defineRoute } from "../api-route.js";
import { assetsPageSchema, assetsQuerySchema } from "../ledger.js";

export const listPointsHistoryRoute = defineRoute({
  method: "get",
  path: "/assets",
  operationId: "listPointsHistory",
  tag: "points",
  summary: "The member's rewards history (the points ledger), newest first",
  description: "Cursor pagination: pass the answer's `next_cursor` as `cursor` for the next, older page.",
  security: "session",
  request: { query: assetsQuerySchema },
  response: assetsPageSchema,
  responseDescription: "One page of ledger entries",
  errors: [400, 401],
});
