import { chainTransactionRequestSchema, checkInResultSchema, checkInStatusSchema } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { CheckInService } from "./service.js";

const checkInStatus = createRoute({
  method: "get",
  path: "/blockchain/check_in",
  tags: ["daily"],
  summary: "The member's check-in streak, whether today is done, and the last 7 GMT days",
  security: [{ session: [] }],
  responses: { 200: jsonData(checkInStatusSchema, "Check-in state"), ...errorResponses(401) },
});

const submitCheckIn = createRoute({
  method: "post",
  path: "/blockchain/check_in",
  tags: ["daily"],
  summary: "Credit a check-in transaction now, before the indexer sees it",
  description:
    "The transaction must be a confirmed, successful `Daily.checkIn()` sent from the member's bound wallet. " +
    "A day already credited (by the indexer or an earlier call) answers `credited: false` and changes nothing. " +
    "`409 conflict`: not mined or not confirmed yet, try again.",
  security: [{ session: [] }],
  request: jsonBody(chainTransactionRequestSchema),
  responses: {
    200: jsonData(checkInResultSchema, "The day's check-in credit"),
    ...errorResponses(400, 401, 403, 409, 503),
  },
});

export function registerCheckInRoutes(api: OpenAPIHono<AppEnv>, config: Config, checkIn: CheckInService) {
  api.openapi(checkInStatus, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await checkIn.status(member.user.uid) }, 200);
  });

  api.openapi(submitCheckIn, async (c) => {
    const member = await requireMember(c, config);
    const { tx_hash, chain_id } = c.req.valid("json");
    const result = await checkIn.creditSubmittedCheckIn(member.user, chain_id, tx_hash as `0x${string}`);
    return c.json({ data: result }, 200);
  });
}
