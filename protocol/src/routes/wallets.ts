import { defineRoute } from "../api-route.js";
import {
  bindSolanaRequestSchema,
  bindSolanaResponseSchema,
  bindWalletRequestSchema,
  bindWalletResponseSchema,
  devFaucetRequestSchema,
  devFaucetResponseSchema,
  walletNonceSchema,
} from "../wallets.js";

export const issueWalletNonceRoute = defineRoute({
  method: "get",
  path: "/wallet/nonce",
  operationId: "issueWalletNonce",
  tag: "wallets",
  summary: "A single-use nonce for a wallet-binding message, valid 10 minutes",
  security: "session",
  response: walletNonceSchema,
  responseDescription: "The nonce",
  errors: [401, 429],
});

export const bindEvmWalletRoute = defineRoute({
  method: "post",
  path: "/blockchain/bind_wallet",
  operationId: "bindEvmWallet",
  tag: "wallets",
  summary: "Bind an EVM wallet with a signed Sign-In with Ethereum (EIP-4361) message",
  description:
    "Checks domain, URI, chain, nonce (single use), expiry, address and signature (EIP-191, or EIP-1271 for " +
    "contract wallets). One wallet per account, one account per wallet; the bound wallet cannot be replaced.",
  security: "session",
  request: { body: bindWalletRequestSchema },
  response: bindWalletResponseSchema,
  responseDescription: "Bound; the member with their wallet",
  errors: [400, 401, 403, 409, 503],
});

export const bindSolanaWalletRoute = defineRoute({
  method: "post",
  path: "/users/bind_solana",
  operationId: "bindSolanaWallet",
  tag: "wallets",
  summary: "Bind a Solana address with a signed Sign-In With Solana message (ed25519)",
  security: "session",
  request: { body: bindSolanaRequestSchema },
  response: bindSolanaResponseSchema,
  responseDescription: "Bound; the Solana address and the member",
  errors: [400, 401, 403, 409],
});

export const fundBurnerWalletRoute = defineRoute({
  method: "post",
  path: "/dev/faucet",
  operationId: "fundBurnerWallet",
  tag: "development",
  summary: "Send 1 ETH on the local chain to a burner wallet (development only)",
  security: "public",
  request: { body: devFaucetRequestSchema },
  response: devFaucetResponseSchema,
  responseDescription: "Sent",
  errors: [400, 503],
});
