import {
  bindEvmWalletRoute,
  bindSolanaWalletRoute,
  fundBurnerWalletRoute,
  issueWalletNonceRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { SiteIdentity } from "./binding-message.js";
import { createDevFaucet } from "./dev-faucet.js";
import type { WalletService } from "./service.js";

/**
 * The site a binding message must name. In production only the public URL counts; in development
 * the page may be opened on any local host and port, so the request's own host counts too.
 */
function siteOf(c: Context<AppEnv>, config: Config): SiteIdentity {
  const publicUrl = new URL(config.publicUrl);
  const site: SiteIdentity = { hosts: [publicUrl.host], origins: [publicUrl.origin] };
  if (!config.isProduction) {
    const requested = new URL(c.req.url);
    site.hosts.push(requested.host);
    site.origins.push(requested.origin);
  }
  return site;
}

export function registerWalletRoutes(api: OpenAPIHono<AppEnv>, wallets: WalletService, config: Config) {
  api.openapi(openApiRoute(issueWalletNonceRoute), async (c) => {
    const member = await requireMember(c, config);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await wallets.issueNonce(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(bindEvmWalletRoute), async (c) => {
    const member = await requireMember(c, config);
    const user = await wallets.bindEvmWallet(member.user.uid, c.req.valid("json"), siteOf(c, config));
    return c.json({ data: user }, 200);
  });

  api.openapi(openApiRoute(bindSolanaWalletRoute), async (c) => {
    const member = await requireMember(c, config);
    const bound = await wallets.bindSolanaWallet(member.user.uid, c.req.valid("json"), siteOf(c, config));
    return c.json({ data: bound }, 200);
  });

  // The burner wallet's faucet exists only off production and only with a local chain to pour from.
  const localChain = config.chains.find((chain) => chain.key === "local");
  if (!config.isProduction && localChain) {
    const faucet = createDevFaucet(localChain);
    api.openapi(openApiRoute(fundBurnerWalletRoute), async (c) =>
      c.json({ data: await faucet.fund(c.req.valid("json").address) }, 200),
    );
  }
}
