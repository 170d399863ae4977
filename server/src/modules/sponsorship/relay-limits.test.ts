import { dailyAbi } from "@arcana/contracts";
import type { ApiRouteInput } from "@arcana/protocol";
import { getSponsorshipRoute, relayRoute } from "@arcana/protocol";
import { encodeFunctionData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEconomy, sponsorshipChainDefaults } from "../../economy.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp, testClock } from "../../test/app.js";
import { bindWalletDirectly, signUpMember } from "../../test/members.js";
import { stubChainRpc } from "../../test/rpc.js";

const daily: Hex = `0x${"d1".repeat(20)}`;
const forwarder: Hex = `0x${"f0".repeat(20)}`;
const rateLimits = {
  relaysPerMemberPerHour: 6,
  relaysPerIpPerHour: 8,
  statusPerMemberPerMinute: 25,
  statusPerIpPerMinute: 100,
};

const clock = testClock();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
let rpc: Awaited<ReturnType<typeof stubChainRpc>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

beforeAll(async () => {
  rpc = await stubChainRpc(`0x${"aa".repeat(20)}`, () => false, { balance: 10n ** 21n });
  const economy = loadEconomy();
  t = await createTestApp({
    env: {
      CHAINS: "local",
      LOCAL_RPC_URL: rpc.url,
      LOCAL_GENESIS_PASS_ADDRESS: `0x${"a1".repeat(20)}`,
      LOCAL_DAILY_ADDRESS: daily,
      LOCAL_FORWARDER_ADDRESS: forwarder,
      LOCAL_RELAYER_PRIVATE_KEY: generatePrivateKey(),
      TRUST_PROXY: "1",
    },
    now: clock.now,
    economy: {
      ...economy,
      sponsorship: {
        ...economy.sponsorship,
        actions: ["check_in"],
        chains: { local: { ...sponsorshipChainDefaults, dailyBudget: "1", lowBalance: "0.5", maxFeeGwei: "200" } },
        rateLimits,
      },
    },
  });
});
afterAll(async () => {
  await t?.dispose();
  await rpc?.stop();
});

async function walletMember(email: string) {
  const member = await signUpMember(t, email);
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  await bindWalletDirectly(t.database.db, member.userId, wallet);
  return { ...member, wallet };
}

/** A check-in request from `wallet`, `change`d; its signature is never checked by the refusals here. */
function request(
  wallet: Hex,
  change: { chain_id?: number; to?: Hex; value?: string; deadline?: number; signature?: Hex } = {},
) {
  return {
    chain_id: change.chain_id ?? 31337,
    request: {
      from: wallet,
      to: change.to ?? daily,
      value: change.value ?? "0",
      gas: "120000",
      nonce: "0",
      deadline: change.deadline ?? nowSeconds() + 300,
      data: encodeFunctionData({ abi: dailyAbi, functionName: "checkIn" }),
    },
    signature: change.signature ?? (`0x${"11".repeat(64)}1b` as Hex),
  } satisfies ApiRouteInput<typeof relayRoute>["body"];
}

/** The RPC methods asked while `work` ran. */
async function rpcCallsDuring(work: () => Promise<void>): Promise<string[]> {
  const before = rpc.methods.length;
  await work();
  return rpc.methods.slice(before);
}

describe("the relay routes' cost to the operator's RPC", () => {
  it("serves a member's sponsorship from a short cache: 20 reads in a row read the chain once, then 429 past the member's limit", async () => {
    const member = await walletMember("status-cache@example.com");
    const from = { "x-forwarded-for": "192.0.2.1" };
    const calls = await rpcCallsDuring(async () => {
      for (let i = 0; i < 20; i++) {
        const sponsorship = await api.data(getSponsorshipRoute, { auth: member.auth, extraHeaders: from });
        expect(sponsorship.chains[0]).toMatchObject({ chain_id: 31337, enabled: true, next_nonce: "0" });
      }
    });
    // The member's nonce once (their relays unchanged, the clock still); the relayer's balance at most every 3 s.
    expect(calls.filter((method) => method === "eth_call")).toHaveLength(1);
    expect(calls.filter((method) => method === "eth_getBalance").length).toBeLessThan(5);
    clock.advance(5_000);
    const later = await rpcCallsDuring(async () => {
      await api.data(getSponsorshipRoute, { auth: member.auth, extraHeaders: from });
    });
    expect(later.filter((method) => method === "eth_call")).toHaveLength(1);

    for (let i = 21; i < rateLimits.statusPerMemberPerMinute; i++) {
      expect((await api.call(getSponsorshipRoute, { auth: member.auth, extraHeaders: from })).status).toBe(200);
    }
    const refused = await api.call(getSponsorshipRoute, { auth: member.auth, extraHeaders: from });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: { code: "too_many_requests", retry_after: expect.any(Number) },
    });
  });

  it("refuses what needs no chain before reading it: wrong chain, not an allowlisted call, a value, a past deadline, a signature of the wrong shape", async () => {
    const member = await walletMember("no-rpc@example.com");
    const from = { "x-forwarded-for": "192.0.2.2" };
    const cases: Array<[string, ReturnType<typeof request>]> = [
      ["sponsorship_off", request(member.wallet, { chain_id: 204 })],
      ["not_sponsored", request(member.wallet, { to: forwarder })],
      ["not_sponsored", request(member.wallet, { value: "1" })],
      ["bad_deadline", request(member.wallet, { deadline: nowSeconds() - 10 })],
      ["invalid_signature", request(member.wallet, { signature: `0x${"11".repeat(64)}` })],
    ];
    const calls = await rpcCallsDuring(async () => {
      for (const [code, body] of cases) {
        const res = await api.call(relayRoute, { body, auth: member.auth, extraHeaders: from });
        expect(await errorCode(res), code).toBe(code);
      }
    });
    expect(calls).toEqual([]);
  });

  it("limits relays per member and per network: 429 too_many_requests with retry_after, the chain never read", async () => {
    const first = await walletMember("relay-limit-1@example.com");
    const second = await walletMember("relay-limit-2@example.com");
    const from = { "x-forwarded-for": "198.51.100.7" };
    const relay = (member: typeof first) =>
      api.call(relayRoute, { body: request(member.wallet, { chain_id: 204 }), auth: member.auth, extraHeaders: from });
    const calls = await rpcCallsDuring(async () => {
      for (let i = 0; i < rateLimits.relaysPerMemberPerHour; i++)
        expect(await errorCode(await relay(first))).toBe("sponsorship_off");
      const limited = await relay(first);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({
        error: { code: "too_many_requests", retry_after: expect.any(Number) },
      });
      // Another member on the same network: what is left of the network's hour, then refused too.
      const left = rateLimits.relaysPerIpPerHour - rateLimits.relaysPerMemberPerHour - 1;
      for (let i = 0; i < left; i++) expect(await errorCode(await relay(second))).toBe("sponsorship_off");
      expect(await errorCode(await relay(second))).toBe("too_many_requests");
    });
    expect(calls).toEqual([]);
    // Elsewhere, the second member still relays (refused here only for the chain).
    const elsewhere = await api.call(relayRoute, {
      body: request(second.wallet, { chain_id: 204 }),
      auth: second.auth,
      extraHeaders: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(await errorCode(elsewhere)).toBe("sponsorship_off");
  });
});
