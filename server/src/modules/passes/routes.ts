import {
  getAllowlistStatusRoute,
  getPassMetadataRoute,
  listMyPassesRoute,
  mintSignatureRequestSchema,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import { passImageSvg, passMetadata } from "./pass-metadata.js";
import type { PassService } from "./service.js";

export function registerPassRoutes(routes: Routes, service: PassService) {
  const { api, config } = routes;
  routes.memberRoute(getAllowlistStatusRoute, async (c, member) => {
    return c.json({ data: { isInWhitelist: await service.isAllowed(member.user) } }, 200);
  });

  routes.memberRoute(signMintAuthorizationRoute, async (c, member) => {
    const { address, chain_id } = c.req.valid("json");
    // Older clients send chain_id in the query; it is held to the body's rule (a positive whole number).
    const chainId = chain_id ?? mintSignatureRequestSchema.shape.chain_id.parse(c.req.query("chain_id"));
    return c.json({ data: await service.mintSignature(member.user, address, chainId) }, 200);
  });

  routes.memberRoute(listMyPassesRoute, async (c, member) => {
    return c.json({ data: await service.myPasses(member.user) }, 200);
  });

  routes.publicRoute(getPassMetadataRoute, (c) => {
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
