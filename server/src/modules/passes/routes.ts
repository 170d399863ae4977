import {
  getAllowlistStatusRoute,
  getPassMetadataRoute,
  listMyPassesRoute,
  mintSignatureRequestSchema,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import type { Context } from "hono";
import { ApiError } from "../../http/api-error.js";
import type { AppEnv } from "../../http/env.js";
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

  // Marketplaces', explorers' and wallets' pages read the pass's metadata and artwork from their own origin.
  const readableByAnySite = (c: Context<AppEnv>) => {
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
  };

  routes.publicRoute(getPassMetadataRoute, async (c) => {
    const { id } = c.req.valid("param");
    readableByAnySite(c);
    if (!(await service.isMinted(id))) throw new ApiError("not_found", `Pass #${id} has not been minted.`);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(passMetadata(id, config.publicUrl, config.branding.pass), 200);
  });

  api.get("/nft/image.svg", (c) => {
    readableByAnySite(c);
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(passImageSvg(config.branding.siteName));
  });
}
