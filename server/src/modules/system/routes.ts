import { getConfigRoute, type PublicConfig } from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";

export function registerSystemRoutes(api: OpenAPIHono<AppEnv>, publicConfig: () => PublicConfig) {
  api.openapi(openApiRoute(getConfigRoute), (c) => c.json({ data: publicConfig() }, 200));
}
