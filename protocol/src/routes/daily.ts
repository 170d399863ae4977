import { defineRoute } from "../api-route.js";
import { chainTransactionRequestSchema, checkInResultSchema, checkInStatusSchema } from "../daily.js";
import { astrologyTodaySchema } from "../tarot.js";

export const getCheckInStatusRoute = defineRoute({
  method: "get",
  path: "/blockchain/check_in",
  operationId: "getCheckInStatus",
  tag: "daily",
  summary: "The member's check-in streak, whether today is done, and the last 7 GMT days",
  security: "session",
  response: checkInStatusSchema,
  responseDescription: "Check-in state",
  errors: [401],
});

export const creditCheckInRoute = defineRoute({
  method: "post",
  path: "/blockchain/check_in",
  operationId: "creditCheckIn",
  tag: "daily",
  summary: "Credit a check-in transaction now, before the indexer sees it",
  description:
    "The transaction must be a confirmed, successful `Daily.checkIn()` sent from the member's bound wallet. " +
    "A day already credited (by the indexer or an earlier call) answers `credited: false` and changes nothing. " +
    "`409 conflict`: not mined or not confirmed yet, try again.",
  security: "session",
  request: { body: chainTransactionRequestSchema },
  response: checkInResultSchema,
  responseDescription: "The day's check-in credit",
  errors: [400, 401, 403, 409, 503],
});

export const getSkyTodayRoute = defineRoute({
  method: "get",
  path: "/astrology/today",
  operationId: "getSkyToday",
  tag: "daily",
  summary: "Today's sky for the tarot page's banner: the sun's sign and the moon's phase",
  description: "Computed (astronomy-engine) for 12:00 GMT of the current GMT day.",
  security: "public",
  response: astrologyTodaySchema,
  responseDescription: "The day's sky",
  errors: [],
});
