import {
  getAllowlistStatusRoute,
  getPassMetadataRoute,
  listMyPassesRoute,
  mintSignatureRequestSchema,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/env.js";
import type { Routes } from "../../http/routes.js";
import { ApiError } from "../../shared/errors.js";
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

  // Marketplaces', explorers' and wallets' pages read the pass's metadata and artwork from their own origin:
  // every answer says so, a refusal (400, 404) too, so such a page sees the error rather than "Failed to fetch",
  // and a preflight is answered.
  const readableByAnySite: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method === "OPTIONS") return c.body(null, 204, preflightHeaders);
    await next();
    for (const [name, value] of crossOriginHeaders) c.res.headers.set(name, value);
  };
  api.use("/nft/metadata/*", readableByAnySite);
  api.use("/nft/image.svg", readableByAnySite);

  routes.publicRoute(getPassMetadataRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await service.isMinted(id))) throw new ApiError("not_found", `Pass #${id} has not been minted.`);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(passMetadata(id, config.publicUrl, config.branding.pass), 200);
  });

  api.get("/nft/image.svg", (c) => {
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(passImageSvg(config.branding.siteName));
  });
}

const crossOriginHeaders = [
  ["Access-Control-Allow-Origin", "*"],
  ["Cross-Origin-Resource-Policy", "cross-origin"],
] as const;

/** Public, cookie-less reads: any site, any request header, for a day. */
const preflightHeaders: Record<string, string> = {
  ...Object.fromEntries(crossOriginHeaders),
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "86400",
};
