import {
  getAllowlistStatusRoute,
  getPassMetadataRoute,
  listMyPassesRoute,
  mintSignatureRequestSchema,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import { passImageSvg, passMetadata } from "./pass-metadata.js";
import type { PassService } from "./service.js";

export function registerPassRoutes(api: OpenAPIHono<AppEnv>, service: PassService, config: Config) {
  api.openapi(openApiRoute(getAllowlistStatusRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: { isInWhitelist: await service.isAllowed(member.user) } }, 200);
  });

  api.openapi(openApiRoute(signMintAuthorizationRoute), async (c) => {
    const member = await requireMember(c, config);
    const { address, chain_id } = c.req.valid("json");
    // Older clients send chain_id in the query; it is held to the body's rule (a positive whole number).
    const chainId = chain_id ?? mintSignatureRequestSchema.shape.chain_id.parse(c.req.query("chain_id"));
    return c.json({ data: await service.mintSignature(member.user, address, chainId) }, 200);
  });

  api.openapi(openApiRoute(listMyPassesRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.myPasses(member.user) }, 200);
  });

  api.openapi(openApiRoute(getPassMetadataRoute), (c) => {
    const { id } = c.req.valid("param");
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(passMetadata(id, config.publicUrl), 200);
  });

  api.get("/nft/image.svg", (c) => {
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(passImageSvg);
  });
}
