import {
  bindEvmWalletRoute,
  getMyProfileRoute,
  issueWalletNonceRoute,
  type User,
  type WalletNonce,
  walletBindingStatement,
} from "@arcana/protocol";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, expect } from "vitest";
import { apiClient, dataOf } from "./api-client.js";
import { createTestApp, signInByCode, type TestApp, testClock } from "./app.js";
import { startTestChain } from "./chain.js";

/** What the web app writes: the site's host and origin (the configured public URL in tests). */
export const site = { domain: "localhost:3000", uri: "http://localhost:3000" };
export const localChainId = 31337;

/** The binding message the web app asks a wallet to sign (EIP-4361), for this site and the local chain. */
export function bindingSiweMessage(
  now: Date,
  address: `0x${string}`,
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  return createSiweMessage({
    ...site,
    address,
    chainId: localChainId,
    nonce,
    version: "1",
    statement: walletBindingStatement,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60 * 1000),
    ...overrides,
  });
}

/**
 * The wallet tests' app on a real local chain (which answers "is this address a contract?" for signatures
 * that are not the wallet's own), started before the file's tests and stopped after them, with the
 * helpers that sign members in and sign binding messages for them.
 */
export function walletTestKit() {
  const clock = testClock();
  // Filled in by the beforeAll below, so the file's tests use them as they are.
  const chain = {} as Awaited<ReturnType<typeof startTestChain>>;
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(chain, await startTestChain());
    Object.assign(t, await createTestApp({ now: clock.now, env: { LOCAL_RPC_URL: chain.url } }));
  });
  afterAll(async () => {
    await t.dispose?.();
    await chain.stop?.();
  });

  let memberCount = 0;
  /** The e-mail address of the member `newMember` signed in last. */
  const lastMemberEmail = () => `wallet-member-${memberCount}@example.com`;
  async function newMember() {
    memberCount += 1;
    const token = await signInByCode(t.app, lastMemberEmail());
    return { authorization: `Bearer ${token}` };
  }

  async function issueNonce(auth: Record<string, string>): Promise<WalletNonce> {
    const res = await apiClient(t.app).call(issueWalletNonceRoute, { auth });
    expect(res.status).toBe(200);
    return dataOf(issueWalletNonceRoute, res);
  }

  const siweMessage = (
    address: `0x${string}`,
    nonce: string,
    overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  ) => bindingSiweMessage(clock.now(), address, nonce, overrides);

  /** A fresh EVM wallet that signs a binding message for the member's next nonce. */
  async function signedEvmBinding(
    auth: Record<string, string>,
    key = generatePrivateKey(),
    overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
  ) {
    const account = privateKeyToAccount(key);
    const { nonce } = await issueNonce(auth);
    const message = siweMessage(account.address, nonce, overrides);
    const signature = await account.signMessage({ message });
    return { address: account.address as string, message, signature: signature as string, key, nonce };
  }

  function bindEvm(auth: Record<string, string>, body: { address: string; message: string; signature: string }) {
    const { address, message, signature } = body;
    return apiClient(t.app).call(bindEvmWalletRoute, { body: { address, message, signature }, auth });
  }

  async function mine(auth: Record<string, string>): Promise<User> {
    return apiClient(t.app).data(getMyProfileRoute, { auth });
  }

  return {
    clock,
    t,
    chain,
    newMember,
    lastMemberEmail,
    issueNonce,
    siweMessage,
    signedEvmBinding,
    bindEvm,
    mine,
  };
}
