import {
  bindEvmWalletRoute,
  bindSolanaWalletRoute,
  fundBurnerWalletRoute,
  issueWalletNonceRoute,
} from "@arcana/protocol";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { openApiRoute } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import { devFaucetFor } from "./dev-faucet.js";
import { siteIdentity, type WalletService } from "./service.js";

export function registerWalletRoutes(api: OpenAPIHono<AppEnv>, wallets: WalletService, config: Config) {
  api.openapi(openApiRoute(issueWalletNonceRoute), async (c) => {
    const member = await requireMember(c, config);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await wallets.issueNonce(member.user.uid) }, 200);
  });

  api.openapi(openApiRoute(bindEvmWalletRoute), async (c) => {
    const member = await requireMember(c, config);
    const user = await wallets.bindEvmWallet(member.user.uid, c.req.valid("json"), siteIdentity(config, c.req.url));
    return c.json({ data: user }, 200);
  });

  api.openapi(openApiRoute(bindSolanaWalletRoute), async (c) => {
    const member = await requireMember(c, config);
    const bound = await wallets.bindSolanaWallet(member.user.uid, c.req.valid("json"), siteIdentity(config, c.req.url));
    return c.json({ data: bound }, 200);
  });

  const faucet = devFaucetFor(config);
  if (faucet) {
    api.openapi(openApiRoute(fundBurnerWalletRoute), async (c) =>
      c.json({ data: await faucet.fund(c.req.valid("json").address) }, 200),
    );
  }
}
