import { defineRoute } from "../api-route.js";
import { chainTransactionRequestSchema } from "../daily.js";
import {
  chainTarotQuerySchema,
  chainTarotSchema,
  pastTarotReadingQuerySchema,
  tarotDailyRequestSchema,
  tarotDrawSchema,
  tarotReadingSchema,
  tarotRecordResultSchema,
} from "../tarot.js";

export const getTarotDrawRoute = defineRoute({
  method: "get",
  path: "/tarot/draw",
  operationId: "getTarotDraw",
  tag: "tarot",
  summary: "Today's three cards (past, present, future), fixed for the member for the GMT day",
  security: "session",
  response: tarotDrawSchema,
  responseDescription: "Today's draw",
  errors: [401],
});

export const readTarotRoute = defineRoute({
  method: "post",
  path: "/tarot/daily",
  operationId: "readTarot",
  tag: "tarot",
  summary: "Today's reading of today's draw",
  description:
    "`cards` must be today's draw in order (past, present, future), else 400. The reading is written once per day; " +
    "`force_refresh: true` rewrites the text, never the cards. Languages other than `en` get an English reading " +
    "with `language_note` saying so.",
  security: "session",
  request: { body: tarotDailyRequestSchema },
  response: tarotReadingSchema,
  responseDescription: "The reading",
  errors: [400, 401, 403],
});

export const getPastTarotReadingRoute = defineRoute({
  method: "get",
  path: "/tarot/reading",
  operationId: "getPastTarotReading",
  tag: "tarot",
  summary: "The member's stored reading of a given GMT date (e.g. yesterday's)",
  security: "session",
  request: { query: pastTarotReadingQuerySchema },
  response: tarotReadingSchema.nullable(),
  responseDescription: "The reading, or null when the member had none that day",
  errors: [400, 401],
});

export const getChainTarotRoute = defineRoute({
  method: "get",
  path: "/blockchain/tarot",
  operationId: "getChainTarot",
  tag: "tarot",
  summary: "Today's reading text and whether today's draw is recorded on the network",
  description: "`network`: `zkf` for zkFair, `op` for every other chain (opBNB, its testnet, the local chain).",
  security: "session",
  request: { query: chainTarotQuerySchema },
  response: chainTarotSchema,
  responseDescription: "Today's tarot on that network",
  errors: [400, 401],
});

export const creditTarotRecordRoute = defineRoute({
  method: "post",
  path: "/blockchain/tarot",
  operationId: "creditTarotRecord",
  tag: "tarot",
  summary: "Credit a recordTarot transaction now, before the indexer sees it",
  description:
    "The transaction must be a confirmed, successful `Daily.recordTarot(digest)` from the member's bound wallet, " +
    "recording the digest of the member's draw (see `GET /tarot/draw`). Tarot points land once per GMT day.",
  security: "session",
  request: { body: chainTransactionRequestSchema },
  response: tarotRecordResultSchema,
  responseDescription: "The day's tarot credit",
  errors: [400, 401, 403, 409, 503],
});
