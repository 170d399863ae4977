import {
  bindEvmWalletRoute,
  issueWalletNonceRoute,
  sendSignInCodeRoute,
  signInRoute,
  walletBindingStatement,
} from "@arcana/protocol";
import {
  hashMessage,
  hexToBigInt,
  numberToHex,
  parseSignature,
  serializeCompactSignature,
  serializeSignature,
  signatureToCompactSignature,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { walletNonces } from "../../db/schema.js";
import { apiClient, dataOf, errorCode } from "../../test/api-client.js";
import { capturingMailer, createTestApp, productionEnv, signInByCode } from "../../test/app.js";
import { walletTestKit } from "../../test/wallets.js";

const { clock, t, chain, newMember, issueNonce, siweMessage, signedEvmBinding, bindEvm, mine } = walletTestKit();
// The kit's app is created in its beforeAll: the client reaches it when called.
const api = () => apiClient(t.app);

describe("GET /wallet/nonce", () => {
  it("needs a signed-in member", async () => {
    const res = await api().call(issueWalletNonceRoute);
    expect(res.status).toBe(401);
  });

  it("gives a fresh alphanumeric nonce that expires in 10 minutes", async () => {
    const auth = await newMember();
    const first = await issueNonce(auth);
    const second = await issueNonce(auth);
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(new Date(first.expires_at).getTime() - clock.now().getTime()).toBe(10 * 60 * 1000);
  });

  it("finding 10: gives a member at most 10 nonces a minute, and sweeps expired ones", async () => {
    const auth = await newMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await api().call(issueWalletNonceRoute, { auth })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // An hour on: every nonce above has expired (and the network's hourly code sends start afresh).
    clock.advance(60 * 60 * 1000);
    await issueNonce(auth);
    const rows = await t.database.db.select().from(walletNonces);
    expect(rows.filter((row) => row.expiresAt.getTime() <= clock.now().getTime())).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe("POST /blockchain/bind_wallet", () => {
  it("binds a wallet that signed this site's message, and shows it checksummed", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const res = await bindEvm(auth, { ...binding, address: binding.address.toLowerCase() });
    expect(res.status).toBe(200);
    const user = await dataOf(bindEvmWalletRoute, res);
    expect(user.wallet_address).toBe(binding.address);
    expect((await mine(auth)).wallet_address).toBe(binding.address);
  });

  it("accepts binding the same wallet again as a no-op", async () => {
    const auth = await newMember();
    const first = await signedEvmBinding(auth);
    expect((await bindEvm(auth, first)).status).toBe(200);
    const again = await signedEvmBinding(auth, first.key);
    const res = await bindEvm(auth, again);
    expect(res.status).toBe(200);
    expect((await dataOf(bindEvmWalletRoute, res)).wallet_address).toBe(first.address);
  });

  it("refuses to replace a bound wallet with another one", async () => {
    const auth = await newMember();
    const first = await signedEvmBinding(auth);
    expect((await bindEvm(auth, first)).status).toBe(200);
    const res = await bindEvm(auth, await signedEvmBinding(auth));
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe("wallet_already_bound");
    expect((await mine(auth)).wallet_address).toBe(first.address);
  });

  it("refuses a wallet bound to another account with wallet_taken, and writes nothing", async () => {
    const owner = await newMember();
    const first = await signedEvmBinding(owner);
    expect((await bindEvm(owner, first)).status).toBe(200);

    const other = await newMember();
    const attempt = await signedEvmBinding(other, first.key);
    const res = await bindEvm(other, attempt);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("wallet_taken");
    expect(body.error.message).toMatch(/already bound to another account/);
    expect((await mine(other)).wallet_address).toBeNull();

    // The refused attempt did not use up the nonce: it still binds a wallet of their own.
    const own = privateKeyToAccount(generatePrivateKey());
    const message = siweMessage(own.address, attempt.nonce);
    const retry = await bindEvm(other, {
      address: own.address,
      message,
      signature: await own.signMessage({ message }),
    });
    expect(retry.status).toBe(200);
  });

  it("refuses a replayed message (the nonce is single use)", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    expect((await bindEvm(auth, binding)).status).toBe(200);
    const replay = await bindEvm(auth, binding);
    expect(replay.status).toBe(400);
    expect(await errorCode(replay)).toBe("invalid_nonce");
  });

  it("refuses a nonce issued to someone else", async () => {
    const issuer = await newMember();
    const thief = await newMember();
    const binding = await signedEvmBinding(issuer);
    const res = await bindEvm(thief, binding);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("invalid_nonce");
  });

  it("refuses a nonce older than 10 minutes", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth, generatePrivateKey(), {
      expirationTime: new Date(clock.now().getTime() + 60 * 60 * 1000),
    });
    clock.advance(10 * 60 * 1000 + 1);
    const res = await bindEvm(auth, binding);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("nonce_expired");
  });

  it("refuses a message past its expiration time or before its not-before time", async () => {
    const auth = await newMember();
    const expired = await signedEvmBinding(auth, generatePrivateKey(), {
      expirationTime: new Date(clock.now().getTime() - 1000),
    });
    const res = await bindEvm(auth, expired);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("message_expired");

    const early = await signedEvmBinding(auth, generatePrivateKey(), {
      notBefore: new Date(clock.now().getTime() + 60_000),
    });
    const tooEarly = await bindEvm(auth, early);
    expect(await errorCode(tooEarly)).toBe("message_expired");
  });

  it("refuses a message written for another site (domain or URI)", async () => {
    const auth = await newMember();
    const foreignDomain = await signedEvmBinding(auth, generatePrivateKey(), { domain: "evil.example" });
    const res = await bindEvm(auth, foreignDomain);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("wrong_domain");

    const foreignUri = await signedEvmBinding(auth, generatePrivateKey(), { uri: "https://evil.example/login" });
    expect(await errorCode(await bindEvm(auth, foreignUri))).toBe("wrong_domain");
  });

  it("accepts the host the page was opened on in development", async () => {
    const auth = await newMember();
    // app.request speaks to http://localhost: a page opened there signs for that host.
    const binding = await signedEvmBinding(auth, generatePrivateKey(), {
      domain: "localhost",
      uri: "http://localhost/",
    });
    expect((await bindEvm(auth, binding)).status).toBe(200);
  });

  it("refuses a chain Arcana does not run on", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth, generatePrivateKey(), { chainId: 1 });
    const res = await bindEvm(auth, binding);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("chain_not_configured");
  });

  it("refuses when the message names a different wallet than the one being bound", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const other = privateKeyToAccount(generatePrivateKey());
    const res = await bindEvm(auth, { ...binding, address: other.address });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("address_mismatch");
  });

  it("refuses a signature by another key, and a tampered message", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const impostor = privateKeyToAccount(generatePrivateKey());
    const wrongSigner = await bindEvm(auth, {
      ...binding,
      signature: await impostor.signMessage({ message: binding.message }),
    });
    expect(wrongSigner.status).toBe(400);
    expect(await errorCode(wrongSigner)).toBe("invalid_signature");

    const tampered = binding.message.replace(walletBindingStatement, "Bind this wallet and send all its tokens.");
    const res = await bindEvm(auth, { ...binding, message: tampered });
    expect(await errorCode(res)).toBe("invalid_signature");
    expect((await mine(auth)).wallet_address).toBeNull();
  });

  it("binds with an EIP-2098 compact (64-byte) signature, the same signature as its 65 bytes", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const compact = serializeCompactSignature(
      signatureToCompactSignature(parseSignature(binding.signature as `0x${string}`)),
    );
    const res = await bindEvm(auth, { ...binding, signature: compact });
    expect(res.status).toBe(200);
    expect((await mine(auth)).wallet_address).toBe(binding.address);
  });

  it("refuses the high-s twin of a wallet's signature and a cut one, though they recover the wallet or nearly", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const { r, s, yParity } = parseSignature(binding.signature as `0x${string}`);
    const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const highS = serializeSignature({
      r,
      s: `0x${(order - hexToBigInt(s)).toString(16).padStart(64, "0")}`,
      yParity: 1 - yParity,
    });
    for (const signature of [highS, binding.signature.slice(0, 128), `${binding.signature}00`]) {
      const res = await bindEvm(auth, { ...binding, signature });
      expect(await errorCode(res), signature).toBe("invalid_signature");
    }
    expect((await mine(auth)).wallet_address).toBeNull();
  });

  it("refuses a malformed address, a non-SIWE message and a non-hex signature", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const shortAddress = await bindEvm(auth, { ...binding, address: "0x1234" });
    expect(await errorCode(shortAddress)).toBe("invalid_address");
    const notSiwe = await bindEvm(auth, { ...binding, message: "please bind my wallet" });
    expect(await errorCode(notSiwe)).toBe("invalid_wallet_message");
    const notHex = await bindEvm(auth, { ...binding, signature: "signed!" });
    expect(await errorCode(notHex)).toBe("invalid_signature");
  });

  it("needs a signed-in member", async () => {
    const res = await api().call(bindEvmWalletRoute, { body: { address: "0x", message: "", signature: "0x" } });
    expect(res.status).toBe(401);
  });

  it("lets exactly one of two accounts bind the same wallet at the same moment", async () => {
    const [a, b] = await Promise.all([newMember(), newMember()]);
    const key = generatePrivateKey();
    const [bindingA, bindingB] = await Promise.all([signedEvmBinding(a, key), signedEvmBinding(b, key)]);
    const results = await Promise.all([bindEvm(a, bindingA), bindEvm(b, bindingB)]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((res) => res.status === 409);
    if (loser) expect(await errorCode(loser)).toBe("wallet_taken");
    const bound = [await mine(a), await mine(b)].filter((user) => user.wallet_address !== null);
    expect(bound).toHaveLength(1);
  });

  it("uses a nonce once even when the same message is sent twice at the same moment", async () => {
    const auth = await newMember();
    const binding = await signedEvmBinding(auth);
    const results = await Promise.all([bindEvm(auth, binding), bindEvm(auth, binding)]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 400]);
  });
});

describe("POST /blockchain/bind_wallet with a contract wallet (EIP-1271)", () => {
  /**
   * A minimal contract wallet in the style of Safe's approved messages: `isValidSignature(hash, _)`
   * returns the EIP-1271 magic value 0x1626ba7e when storage slot `hash` is non-zero, else 0xffffffff.
   */
  const approvingWalletCode =
    "0x6004355415601857631626ba7e60e01b60005260206000f35b63ffffffff60e01b60005260206000f3" as const;
  /** What the wallet hands back for an approved message: opaque to the server, meaningful to the contract. */
  const contractSignature = `0x${"11".repeat(65)}`;

  async function contractWallet() {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await chain.client.setCode({ address, bytecode: approvingWalletCode });
    return address;
  }

  it("binds a contract wallet whose isValidSignature approves the message", async () => {
    const auth = await newMember();
    const address = await contractWallet();
    const { nonce } = await issueNonce(auth);
    const message = siweMessage(address, nonce);
    await chain.client.setStorageAt({ address, index: hashMessage(message), value: numberToHex(1, { size: 32 }) });
    const res = await bindEvm(auth, { address, message, signature: contractSignature });
    expect(res.status).toBe(200);
    expect((await dataOf(bindEvmWalletRoute, res)).wallet_address).toBe(address);
  });

  it("refuses a contract wallet that does not approve the message", async () => {
    const auth = await newMember();
    const address = await contractWallet();
    const { nonce } = await issueNonce(auth);
    const res = await bindEvm(auth, { address, message: siweMessage(address, nonce), signature: contractSignature });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("invalid_signature");
  });

  it("answers 503 when the chain cannot be asked, and binds an ordinary wallet without it", async () => {
    const offline = await createTestApp({ now: clock.now, env: { LOCAL_RPC_URL: "http://127.0.0.1:9" } });
    const offlineApi = apiClient(offline.app);
    try {
      const token = await signInByCode(offline.app, "offline-chain@example.com");
      const auth = { authorization: `Bearer ${token}` };
      const nonceOf = async () => (await offlineApi.data(issueWalletNonceRoute, { auth })).nonce;
      const account = privateKeyToAccount(generatePrivateKey());
      const impostor = privateKeyToAccount(generatePrivateKey());
      const first = siweMessage(account.address, await nonceOf());
      const unknown = await offlineApi.call(bindEvmWalletRoute, {
        body: { address: account.address, message: first, signature: await impostor.signMessage({ message: first }) },
        auth,
      });
      expect(unknown.status).toBe(503);
      expect(await errorCode(unknown)).toBe("dependency_unavailable");

      const own = siweMessage(account.address, await nonceOf());
      const ok = await offlineApi.call(bindEvmWalletRoute, {
        body: { address: account.address, message: own, signature: await account.signMessage({ message: own }) },
        auth,
      });
      expect(ok.status).toBe(200);
    } finally {
      await offline.dispose();
    }
  });
});

describe("POST /blockchain/bind_wallet in production", () => {
  it("accepts only the public URL's domain, not whatever host the request names", async () => {
    const { mailer, sent } = capturingMailer();
    const production = await createTestApp({
      now: clock.now,
      mailer,
      env: { ...productionEnv, PUBLIC_URL: "https://arcana.example", CHAINS: "opBNB" },
    });
    const productionApi = apiClient(production.app);
    try {
      const email = "prod-wallet@example.com";
      await productionApi.call(sendSignInCodeRoute, { body: { email, check_email: true } });
      const code = sent.at(-1)?.subject.match(/^(\d{6}) /)?.[1] ?? "";
      const { token } = await productionApi.data(signInRoute, { body: { email, code, type: "code" } });
      const auth = { authorization: `Bearer ${token}` };
      const { nonce } = await productionApi.data(issueWalletNonceRoute, { auth });
      const account = privateKeyToAccount(generatePrivateKey());
      const message = siweMessage(account.address, nonce, {
        domain: "localhost",
        uri: "http://localhost/",
        chainId: 204,
      });
      const res = await productionApi.call(bindEvmWalletRoute, {
        body: { address: account.address, message, signature: await account.signMessage({ message }) },
        auth,
      });
      expect(await errorCode(res)).toBe("wrong_domain");

      const good = siweMessage(account.address, nonce, {
        domain: "arcana.example",
        uri: "https://arcana.example",
        chainId: 204,
      });
      const ok = await productionApi.call(bindEvmWalletRoute, {
        body: { address: account.address, message: good, signature: await account.signMessage({ message: good }) },
        auth,
      });
      expect(ok.status).toBe(200);
    } finally {
      await production.dispose();
    }
  });
});
