import type { PublicConfig } from "@arcana/protocol";
import { dataEnvelope, publicConfigSchema } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.js";

const getConfigRoute = createRoute({
  method: "get",
  path: "/config",
  tags: ["system"],
  summary: "Public configuration for the web app",
  description:
    "Environment, chains with ids and browser RPC URLs, contract addresses when known, WalletConnect project id.",
  responses: {
    200: {
      description: "The public configuration",
      content: { "application/json": { schema: dataEnvelope(publicConfigSchema) } },
    },
  },
});

export function registerSystemRoutes(api: OpenAPIHono<AppEnv>, publicConfig: () => PublicConfig) {
  api.openapi(getConfigRoute, (c) => c.json({ data: publicConfig() }, 200));
}
