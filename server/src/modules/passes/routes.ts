import {
  getAllowlistStatusRoute,
  getPassMetadataRoute,
  listMyPassesRoute,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { PassService } from "./service.js";

const passImage = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 560"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1f57"/><stop offset="1" stop-color="#0d0b1a"/></linearGradient></defs><rect width="400" height="560" rx="28" fill="url(#g)" stroke="#d4af37" stroke-width="6"/><circle cx="200" cy="230" r="92" fill="none" stroke="#f5d76e" stroke-width="4"/><path d="M200 150l22 62h66l-54 38 20 64-54-40-54 40 20-64-54-38h66z" fill="#f5d76e"/><text x="200" y="430" fill="#ece8ff" font-family="Georgia,serif" font-size="34" text-anchor="middle">Arcana</text><text x="200" y="470" fill="#d4af37" font-family="Georgia,serif" font-size="20" letter-spacing="6" text-anchor="middle">GENESIS PASS</text></svg>`;

export function registerPassRoutes(api: OpenAPIHono<AppEnv>, service: PassService, config: Config) {
  api.openapi(openApiRoute(getAllowlistStatusRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: { isInWhitelist: await service.isAllowed(member.user) } }, 200);
  });

  api.openapi(openApiRoute(signMintAuthorizationRoute), async (c) => {
    const member = await requireMember(c, config);
    const { address, chain_id } = c.req.valid("json");
    const chainId = chain_id ?? (c.req.query("chain_id") ? Number(c.req.query("chain_id")) : undefined);
    return c.json({ data: await service.mintSignature(member.user, address, chainId) }, 200);
  });

  api.openapi(openApiRoute(listMyPassesRoute), async (c) => {
    const member = await requireMember(c, config);
    return c.json({ data: await service.myPasses(member.user) }, 200);
  });

  api.openapi(openApiRoute(getPassMetadataRoute), (c) => {
    const { id } = c.req.valid("param");
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(
      {
        name: `Arcana Genesis Pass #${id}`,
        description: "A wallet-bound pass to the Arcana community. It cannot be transferred; stake it to earn points.",
        image: `${config.publicUrl}/api/nft/image.svg`,
      },
      200,
    );
  });

  api.get("/nft/image.svg", (c) => {
    c.header("Content-Type", "image/svg+xml");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(passImage);
  });
}
