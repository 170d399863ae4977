import {
  bindSolanaRequestSchema,
  bindSolanaResponseSchema,
  bindWalletRequestSchema,
  bindWalletResponseSchema,
  devFaucetRequestSchema,
  devFaucetResponseSchema,
  walletNonceSchema,
} from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Config } from "../../config.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonData } from "../../http/openapi.js";
import { requireMember } from "../../http/session.js";
import type { SiteIdentity } from "./binding-message.js";
import { createDevFaucet } from "./dev-faucet.js";
import type { WalletService } from "./service.js";

const nonce = createRoute({
  method: "get",
  path: "/wallet/nonce",
  tags: ["wallets"],
  summary: "A single-use nonce for a wallet-binding message, valid 10 minutes",
  security: [{ session: [] }],
  responses: { 200: jsonData(walletNonceSchema, "The nonce"), ...errorResponses(401) },
});

const bindWallet = createRoute({
  method: "post",
  path: "/blockchain/bind_wallet",
  tags: ["wallets"],
  summary: "Bind an EVM wallet with a signed Sign-In with Ethereum (EIP-4361) message",
  description:
    "Checks domain, URI, chain, nonce (single use), expiry, address and signature (EIP-191, or EIP-1271 for " +
    "contract wallets). One wallet per account, one account per wallet; the bound wallet cannot be replaced.",
  security: [{ session: [] }],
  request: jsonBody(bindWalletRequestSchema),
  responses: {
    200: jsonData(bindWalletResponseSchema, "Bound; the member with their wallet"),
    ...errorResponses(400, 401, 403, 409, 503),
  },
});

const bindSolana = createRoute({
  method: "post",
  path: "/users/bind_solana",
  tags: ["wallets"],
  summary: "Bind a Solana address with a signed Sign-In With Solana message (ed25519)",
  security: [{ session: [] }],
  request: jsonBody(bindSolanaRequestSchema),
  responses: {
    200: jsonData(bindSolanaResponseSchema, "Bound; the Solana address and the member"),
    ...errorResponses(400, 401, 403, 409),
  },
});

const devFaucet = createRoute({
  method: "post",
  path: "/dev/faucet",
  tags: ["development"],
  summary: "Send 1 ETH on the local chain to a burner wallet (development only)",
  request: jsonBody(devFaucetRequestSchema),
  responses: { 200: jsonData(devFaucetResponseSchema, "Sent"), ...errorResponses(400, 503) },
});

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
  api.openapi(nonce, async (c) => {
    const member = await requireMember(c, config);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await wallets.issueNonce(member.user.uid) }, 200);
  });

  api.openapi(bindWallet, async (c) => {
    const member = await requireMember(c, config);
    const user = await wallets.bindEvmWallet(member.user.uid, c.req.valid("json"), siteOf(c, config));
    return c.json({ data: user }, 200);
  });

  api.openapi(bindSolana, async (c) => {
    const member = await requireMember(c, config);
    const bound = await wallets.bindSolanaWallet(member.user.uid, c.req.valid("json"), siteOf(c, config));
    return c.json({ data: bound }, 200);
  });

  // The burner wallet's faucet exists only off production and only with a local chain to pour from.
  const localChain = config.chains.find((chain) => chain.key === "local");
  if (!config.isProduction && localChain) {
    const faucet = createDevFaucet(localChain);
    api.openapi(devFaucet, async (c) => c.json({ data: await faucet.fund(c.req.valid("json").address) }, 200));
  }
}
