import { bindEvmWalletRoute, getMyProfileRoute, issueWalletNonceRoute } from "@arcana/protocol";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../test/api-client.js";
import { createTestApp, signInByCode, testClock } from "../../test/app.js";
import { bindingSiweMessage } from "../../test/wallets.js";

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  api = apiClient(t.app);
  auth = { authorization: `Bearer ${await signInByCode(t.app, "siwe-standards@example.com")}` };
});
afterAll(() => t?.dispose());

const account = privateKeyToAccount(generatePrivateKey());

/** What the web app writes for this site (the configured public URL in tests), for the member's next nonce. */
async function bindingMessage(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const { nonce } = await api.data(issueWalletNonceRoute, { auth });
  return bindingSiweMessage(clock.now(), account.address, nonce, overrides);
}

async function bind(address: string, message: string) {
  const signature = await account.signMessage({ message });
  return api.call(bindEvmWalletRoute, { body: { address, message, signature }, auth });
}

const errorOf = async (res: Response) => [res.status, ((await res.json()) as { error?: { code: string } }).error?.code];

describe("finding 17: Sign-In with Ethereum messages are held to EIP-4361", () => {
  it("refuses a message naming the wallet in lower case (not EIP-55 checksummed)", async () => {
    const checksummed = await bindingMessage();
    const lowerCase = checksummed.replace(account.address, account.address.toLowerCase());
    expect(lowerCase).not.toBe(checksummed);
    expect(await errorOf(await bind(account.address, lowerCase))).toEqual([400, "invalid_wallet_message"]);
  });

  it("refuses a message whose scheme or URI scheme is not the site's", async () => {
    const https = await bindingMessage({ scheme: "https" });
    expect(https.startsWith("https://localhost:3000 wants you")).toBe(true);
    expect(await errorOf(await bind(account.address, https))).toEqual([400, "wrong_domain"]);
    const httpsUri = await bindingMessage({ uri: "https://localhost:3000" });
    expect(await errorOf(await bind(account.address, httpsUri))).toEqual([400, "wrong_domain"]);
  });

  it("binds with the site's own scheme and a checksummed message, the body's address in lower case", async () => {
    const res = await bind(account.address.toLowerCase(), await bindingMessage({ scheme: "http" }));
    expect(res.status).toBe(200);
    const mine = await api.data(getMyProfileRoute, { auth });
    expect(mine.wallet_address).toBe(account.address);
  });
});
