import { genesisPassAbi } from "@arcana/contracts";
import { devDeployerPrivateKey } from "@arcana/contracts/dev-keys";
import { signMintAuthorizationRoute } from "@arcana/protocol";
import type { PrivateKeyAccount } from "viem/accounts";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/program.js";
import { apiClient, errorCode } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { startTestChain } from "../test/chain.js";
import { deployArcana, hardhatAccounts, walletOn } from "../test/contracts.js";
import { bindWalletDirectly, signUpMember } from "../test/members.js";

// The rotated key: Hardhat's account #4, while the contracts were deployed with #1 as their authorizer.
const ROTATED_KEY = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";
const rotated = privateKeyToAccount(ROTATED_KEY);
const alice = hardhatAccounts[2] as PrivateKeyAccount;

let current = Date.now();
const clock = { now: () => new Date(current), advance: (ms: number) => (current += ms) };
let chain: Awaited<ReturnType<typeof startTestChain>>;
let contracts: Awaited<ReturnType<typeof deployArcana>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let env: Record<string, string>;
beforeAll(async () => {
  chain = await startTestChain();
  contracts = await deployArcana(chain);
  env = { ...contracts.env, SIGNER_PRIVATE_KEY: ROTATED_KEY };
  t = await createTestApp({ env, now: clock.now });
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await chain?.stop();
});

async function admin(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    env: { NODE_ENV: "test", ...env },
    openDatabase: async () => ({ ...t.database, close: async () => {} }),
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

const readiness = async () => {
  const res = await t.app.request("/readyz");
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, unknown> } };
};

describe("a signer the contracts do not accept", () => {
  it("is refused with 503 signer_not_authorizer and reported by /readyz and chain status, until set-authorizer fixes it", async () => {
    const member = await signUpMember(t, "mint@example.com");
    await bindWalletDirectly(t.database.db, member.userId, alice.address);

    const mint = { body: { address: alice.address }, auth: member.auth };
    const refused = await apiClient(t.app).call(signMintAuthorizationRoute, mint);
    expect(refused.status).toBe(503);
    expect(await errorCode(refused)).toBe("signer_not_authorizer");

    const degraded = await readiness();
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe("degraded");
    expect(degraded.body.checks["signer:local"]).toMatchObject({ ok: false });

    const status = await admin("chain", "status");
    expect(status.code).toBe(1);
    expect(status.out).toContain("DOES NOT MATCH SIGNER_PRIVATE_KEY");
    expect(status.out).toContain(`(${rotated.address})`);

    process.env.OWNER_PRIVATE_KEY = devDeployerPrivateKey;
    try {
      const set = await admin("chain", "set-authorizer", "local", rotated.address);
      expect(set.code, set.err).toBe(0);
      expect(set.out).toContain(`now accepts ${rotated.address}`);
    } finally {
      delete process.env.OWNER_PRIVATE_KEY;
    }
    const fixed = await admin("chain", "status");
    expect(fixed.code, fixed.out + fixed.err).toBe(0);
    expect(fixed.out).toContain("matches SIGNER_PRIVATE_KEY");

    // The server reads the authorizer again within 30 s; then it signs, and the chain accepts the mint.
    clock.advance(31_000);
    const signed = await apiClient(t.app).data(signMintAuthorizationRoute, mint);
    const hash = await walletOn(chain, alice).writeContract({
      address: contracts.genesisPass,
      abi: genesisPassAbi,
      functionName: "mint",
      args: [signed.to, BigInt(signed.nonce), BigInt(signed.deadline), signed.signature],
    });
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    await expect.poll(async () => (await readiness()).body.status).toBe("ready");
  });
});
