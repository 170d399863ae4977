import {
  claimOneRequestSchema,
  claimResultSchema,
  stakingRewardsSchema,
  unstakeSignatureRequestSchema,
  unstakeSignatureSchema,
} from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { StakingService } from "./service.js";

const rewards = createRoute({
  method: "get",
  path: "/nft/staking/rewards",
  tags: ["staking"],
  summary: "Pending staking points per pass, the total, and the countdown to the next point",
  security: [{ session: [] }],
  responses: { 200: jsonData(stakingRewardsSchema, "Rewards"), ...errorResponses(401) },
});

const claimOne = createRoute({
  method: "post",
  path: "/nft/staking/claim_one",
  tags: ["staking"],
  summary: "Move one pass's pending points into the ledger",
  security: [{ session: [] }],
  request: jsonBody(claimOneRequestSchema),
  responses: { 200: jsonData(claimResultSchema, "Claimed"), ...errorResponses(400, 401, 403, 404, 409) },
});

const claimAll = createRoute({
  method: "post",
  path: "/nft/staking/claim_all",
  tags: ["staking"],
  summary: "Move every staked pass's pending points into the ledger",
  security: [{ session: [] }],
  responses: { 200: jsonData(claimResultSchema, "Claimed"), ...errorResponses(401, 403) },
});

const unstakeSignature = createRoute({
  method: "post",
  path: "/blockchain/unstake_signature",
  tags: ["staking"],
  summary: "Settle a pass's pending points, then authorize its unstake (EIP-712)",
  security: [{ session: [] }],
  request: jsonBody(unstakeSignatureRequestSchema),
  responses: {
    200: jsonData(unstakeSignatureSchema, "The authorization"),
    ...errorResponses(400, 401, 403, 404, 409, 503),
  },
});

export function registerStakingRoutes(api: OpenAPIHono<AppEnv>, service: StakingService, config: Config) {
  api.openapi(rewards, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.rewards(member.user) }, 200);
  });

  api.openapi(claimOne, async (c) => {
    const member = await requireMember(c, config);
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.claimOne(member.user, token_id, chain_id) }, 200);
  });

  api.openapi(claimAll, async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.claimAll(member.user) }, 200);
  });

  api.openapi(unstakeSignature, async (c) => {
    const member = await requireMember(c, config);
    const { token_id, chain_id } = c.req.valid("json");
    return c.json({ data: await service.unstakeSignature(member.user, token_id, chain_id) }, 200);
  });
}
