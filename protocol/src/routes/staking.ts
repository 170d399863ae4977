import { defineRoute } from "../api-route.js";
import {
  claimOneRequestSchema,
  claimResultSchema,
  stakingRewardsSchema,
  unstakeSignatureRequestSchema,
  unstakeSignatureSchema,
} from "../passes.js";

export const getStakingRewardsRoute = defineRoute({
  method: "get",
  path: "/nft/staking/rewards",
  operationId: "getStakingRewards",
  tag: "staking",
  summary: "Pending staking points per pass, the total, and the countdown to the next point",
  security: "session",
  response: stakingRewardsSchema,
  responseDescription: "Rewards",
  errors: [401],
});

export const claimPassRewardsRoute = defineRoute({
  method: "post",
  path: "/nft/staking/claim_one",
  operationId: "claimPassRewards",
  tag: "staking",
  summary: "Move one pass's pending points into the ledger",
  security: "session",
  request: { body: claimOneRequestSchema },
  response: claimResultSchema,
  responseDescription: "Claimed",
  errors: [400, 401, 403, 404, 409],
});

export const claimAllRewardsRoute = defineRoute({
  method: "post",
  path: "/nft/staking/claim_all",
  operationId: "claimAllRewards",
  tag: "staking",
  summary: "Move every staked pass's pending points into the ledger",
  security: "session",
  response: claimResultSchema,
  responseDescription: "Claimed",
  errors: [401, 403],
});

export const signUnstakeAuthorizationRoute = defineRoute({
  method: "post",
  path: "/blockchain/unstake_signature",
  operationId: "signUnstakeAuthorization",
  tag: "staking",
  summary: "Settle a pass's pending points, then authorize its unstake (EIP-712)",
  security: "session",
  request: { body: unstakeSignatureRequestSchema },
  response: unstakeSignatureSchema,
  responseDescription: "The authorization",
  errors: [400, 401, 403, 404, 409, 503],
});
