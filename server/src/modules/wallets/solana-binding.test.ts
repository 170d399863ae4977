import {
  bindSolanaWalletRoute,
  fundBurnerWalletRoute,
  solanaChainByCluster,
  walletBindingStatement,
} from "@arcana/protocol";
import { ed25519 } from "@noble/curves/ed25519";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import { PublicKey } from "@solana/web3.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { testActor } from "../../test/admin.js";
import { apiClient, dataOf, errorCode } from "../../test/api-client.js";
import { createTestApp, productionEnv } from "../../test/app.js";
import { site, walletTestKit } from "../../test/wallets.js";
import { memberNamed, unbindWallet } from "./admin.js";

const { clock, t, chain, newMember, lastMemberEmail, issueNonce, signedEvmBinding, bindEvm, mine } = walletTestKit();
// The kit's app is created in its beforeAll: the client reaches it when called.
const api = () => apiClient(t.app);

describe("POST /users/bind_solana", () => {
  function solanaWallet() {
    const secretKey = ed25519.utils.randomPrivateKey();
    const address = new PublicKey(ed25519.getPublicKey(secretKey)).toBase58();
    return { secretKey, address };
  }

  function siwsMessage(address: string, nonce: string, overrides: Record<string, string> = {}) {
    return createSignInMessageText({
      ...site,
      address,
      statement: walletBindingStatement,
      version: "1",
      chainId: solanaChainByCluster["mainnet-beta"],
      nonce,
      issuedAt: clock.now().toISOString(),
      expirationTime: new Date(clock.now().getTime() + 10 * 60 * 1000).toISOString(),
      ...overrides,
    });
  }

  function sign(secretKey: Uint8Array, message: string) {
    return Buffer.from(ed25519.sign(new TextEncoder().encode(message), secretKey)).toString("base64");
  }

  async function signedSolanaBinding(auth: Record<string, string>, wallet = solanaWallet(), overrides = {}) {
    const { nonce } = await issueNonce(auth);
    const message = siwsMessage(wallet.address, nonce, overrides);
    return { address: wallet.address, message, signature: sign(wallet.secretKey, message), wallet };
  }

  const bindSolana = (auth: Record<string, string>, body: { address: string; message: string; signature: string }) =>
    api().call(bindSolanaWalletRoute, { body, auth });

  it("binds a Solana address that signed this site's message and returns solana_address", async () => {
    const auth = await newMember();
    const binding = await signedSolanaBinding(auth);
    const res = await bindSolana(auth, binding);
    expect(res.status).toBe(200);
    const data = await dataOf(bindSolanaWalletRoute, res);
    expect(data.solana_address).toBe(binding.address);
    expect((await mine(auth)).solana_address).toBe(binding.address);
  });

  it("refuses a signature by another key and a tampered message", async () => {
    const auth = await newMember();
    const binding = await signedSolanaBinding(auth);
    const wrongKey = await bindSolana(auth, { ...binding, signature: sign(solanaWallet().secretKey, binding.message) });
    expect(await errorCode(wrongKey)).toBe("invalid_signature");
    const tampered = binding.message.replace(walletBindingStatement, "Give everything away.");
    expect(await errorCode(await bindSolana(auth, { ...binding, message: tampered }))).toBe("invalid_signature");
    expect(await errorCode(await bindSolana(auth, { ...binding, signature: "bm90IGEgc2lnbmF0dXJl" }))).toBe(
      "invalid_signature",
    );
  });

  it("refuses a malformed address, another cluster and another site", async () => {
    const auth = await newMember();
    const binding = await signedSolanaBinding(auth);
    expect(await errorCode(await bindSolana(auth, { ...binding, address: "0OIl-not-base58" }))).toBe("invalid_address");
    const devnet = await signedSolanaBinding(auth, solanaWallet(), { chainId: solanaChainByCluster.devnet });
    expect(await errorCode(await bindSolana(auth, devnet))).toBe("chain_not_configured");
    const foreign = await signedSolanaBinding(auth, solanaWallet(), { domain: "evil.example" });
    expect(await errorCode(await bindSolana(auth, foreign))).toBe("wrong_domain");
  });

  it("accepts the SIWS specification's bare cluster name as Chain ID (mainnet), and still no other cluster", async () => {
    const auth = await newMember();
    const devnet = await signedSolanaBinding(auth, solanaWallet(), { chainId: "devnet" });
    expect(await errorCode(await bindSolana(auth, devnet))).toBe("chain_not_configured");
    const binding = await signedSolanaBinding(auth, solanaWallet(), { chainId: "mainnet" });
    expect(binding.message).toContain("Chain ID: mainnet");
    const res = await bindSolana(auth, binding);
    expect(res.status).toBe(200);
  });

  it("refuses a replayed message, an address bound elsewhere, and replacing a bound address", async () => {
    const owner = await newMember();
    const binding = await signedSolanaBinding(owner);
    expect((await bindSolana(owner, binding)).status).toBe(200);
    expect(await errorCode(await bindSolana(owner, binding))).toBe("invalid_nonce");
    expect(await errorCode(await bindSolana(owner, await signedSolanaBinding(owner)))).toBe("wallet_already_bound");

    const other = await newMember();
    const res = await bindSolana(other, await signedSolanaBinding(other, binding.wallet));
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe("wallet_taken");
  });

  it("lets exactly one of two accounts bind the same Solana address at the same moment", async () => {
    const [a, b] = await Promise.all([newMember(), newMember()]);
    const wallet = solanaWallet();
    const [bindingA, bindingB] = await Promise.all([signedSolanaBinding(a, wallet), signedSolanaBinding(b, wallet)]);
    const results = await Promise.all([bindSolana(a, bindingA), bindSolana(b, bindingB)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
  });

  it("lets an operator release a lost EVM wallet and Solana address, so the member can bind new ones", async () => {
    const auth = await newMember();
    const email = lastMemberEmail();
    const lostEvm = await signedEvmBinding(auth);
    expect((await bindEvm(auth, lostEvm)).status).toBe(200);
    const lostSolana = await signedSolanaBinding(auth);
    expect((await bindSolana(auth, lostSolana)).status).toBe(200);

    const db = t.database.db;
    const admin = {
      show: async (who: string) => {
        const found = await memberNamed(db, who);
        return { email: found.email, evm: found.walletAddress, solana: found.solanaAddress };
      },
      unbind: async (who: string, kind: "evm" | "solana") => {
        const { email, released } = await unbindWallet(
          db,
          testActor,
          (await memberNamed(db, who)).id,
          kind,
          clock.now(),
        );
        return { email, released };
      },
    };
    expect(await admin.show(lostEvm.address)).toEqual({
      email,
      evm: lostEvm.address.toLowerCase(),
      solana: lostSolana.address,
    });
    expect(await admin.unbind(email.toUpperCase(), "evm")).toEqual({ email, released: lostEvm.address.toLowerCase() });
    expect(await admin.unbind(lostSolana.address, "solana")).toEqual({ email, released: lostSolana.address });
    expect(await admin.unbind(email, "solana")).toEqual({ email, released: null });
    await expect(admin.show("nobody@example.com")).rejects.toThrow(/No member/);

    const member = await mine(auth);
    expect(member.wallet_address).toBeNull();
    expect(member.solana_address).toBeNull();
    expect((await bindEvm(auth, await signedEvmBinding(auth))).status).toBe(200);
    expect((await bindSolana(auth, await signedSolanaBinding(auth))).status).toBe(200);
  });
});

describe("POST /dev/faucet", () => {
  it("sends 1 ETH on the local chain to a burner wallet", async () => {
    const burner = privateKeyToAccount(generatePrivateKey()).address;
    const res = await api().call(fundBurnerWalletRoute, { body: { address: burner } });
    expect(res.status).toBe(200);
    expect(await chain.client.getBalance({ address: burner })).toBe(10n ** 18n);
    expect(await errorCode(await api().call(fundBurnerWalletRoute, { body: { address: "0x12" } }))).toBe(
      "invalid_address",
    );
  });

  it("does not exist in production", async () => {
    const production = await createTestApp({ env: { ...productionEnv, CHAINS: "local,opBNB" } });
    try {
      const res = await apiClient(production.app).call(fundBurnerWalletRoute, {
        body: { address: `0x${"ab".repeat(20)}` },
      });
      expect(res.status).toBe(404);
    } finally {
      await production.dispose();
    }
  });
});
