import {
  bindEvmWalletRoute,
  bindSolanaWalletRoute,
  fundBurnerWalletRoute,
  issueWalletNonceRoute,
} from "@arcana/protocol";
import type { Routes } from "../../http/routes.js";
import { devFaucetFor } from "./dev-faucet.js";
import { siteIdentity, type WalletService } from "./service.js";

export function registerWalletRoutes(routes: Routes, wallets: WalletService) {
  const { config } = routes;
  routes.memberRoute(issueWalletNonceRoute, async (c, member) => {
    c.header("Cache-Control", "no-store");
    return c.json({ data: await wallets.issueNonce(member.user.uid) }, 200);
  });

  routes.memberRoute(bindEvmWalletRoute, async (c, member) => {
    const user = await wallets.bindEvmWallet(member.user.uid, c.req.valid("json"), siteIdentity(config, c.req.url));
    return c.json({ data: user }, 200);
  });

  routes.memberRoute(bindSolanaWalletRoute, async (c, member) => {
    const bound = await wallets.bindSolanaWallet(member.user.uid, c.req.valid("json"), siteIdentity(config, c.req.url));
    return c.json({ data: bound }, 200);
  });

  const faucet = devFaucetFor(config);
  if (faucet) {
    routes.publicRoute(fundBurnerWalletRoute, async (c) =>
      c.json({ data: await faucet.fund(c.req.valid("json").address) }, 200),
    );
  }
}
