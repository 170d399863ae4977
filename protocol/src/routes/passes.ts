import { defineRoute } from "../api-route.js";
import {
  mintSignatureRequestSchema,
  mintSignatureSchema,
  passMetadataParamsSchema,
  passMetadataSchema,
  passSchema,
  whitelistSchema,
} from "../passes.js";

export const getAllowlistStatusRoute = defineRoute({
  method: "get",
  path: "/whitelist",
  operationId: "getAllowlistStatus",
  tag: "genesis pass",
  summary: "Whether the member may mint (always true while the allowlist is off)",
  security: "session",
  response: whitelistSchema,
  responseDescription: "Allowlist status",
  errors: [401],
});

export const signMintAuthorizationRoute = defineRoute({
  method: "post",
  path: "/blockchain/mint_signature",
  operationId: "signMintAuthorization",
  tag: "genesis pass",
  summary: "An EIP-712 mint authorization for the member's bound wallet",
  security: "session",
  request: { body: mintSignatureRequestSchema },
  response: mintSignatureSchema,
  responseDescription: "The authorization",
  errors: [400, 401, 403, 409, 503],
});

export const listMyPassesRoute = defineRoute({
  method: "get",
  path: "/blockchain/my_nfts",
  operationId: "listMyPasses",
  tag: "genesis pass",
  summary: "The member's passes across chains, one per token id, staked preferred",
  security: "session",
  response: passSchema.array(),
  responseDescription: "Passes",
  errors: [401],
});

export const getPassMetadataRoute = defineRoute({
  method: "get",
  path: "/nft/metadata/{id}",
  operationId: "getPassMetadata",
  tag: "genesis pass",
  summary: "ERC-721 metadata of a Genesis Pass (the contract's tokenURI)",
  security: "public",
  request: { params: passMetadataParamsSchema },
  response: passMetadataSchema,
  responseDescription: "Metadata",
  bare: true,
  errors: [400, 404],
});
