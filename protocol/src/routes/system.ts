import { defineRoute } from "../api-route.js";
import { publicConfigSchema } from "../config.js";

export const getConfigRoute = defineRoute({
  method: "get",
  path: "/config",
  operationId: "getConfig",
  tag: "system",
  summary: "Public configuration for the web app",
  description:
    "Environment, chains with ids and browser RPC URLs, contract addresses when known, WalletConnect project id.",
  security: "public",
  response: publicConfigSchema,
  responseDescription: "The public configuration",
  errors: [],
});
