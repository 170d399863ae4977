import { dailyAbi, genesisPassAbi } from "@arcana/contracts";
import type { ApiRouteInput, ErrorBody, RelayAccepted } from "@arcana/protocol";
import {
  getOperatorSponsorshipRoute,
  getRelayRoute,
  getSponsorshipRoute,
  getTarotDrawRoute,
  gmtDayNumber,
  relayRoute,
  signMintAuthorizationRoute,
} from "@arcana/protocol";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { encodeFunctionData, formatEther, type Hex, keccak256, toHex } from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signForwardRequest } from "../../../../contracts/scripts/lib/forward-requests.js";
import { tarotRecords, users } from "../../db/schema.js";
import { type Economy, loadEconomy, sponsorshipChainDefaults } from "../../economy.js";
import { makeOperator } from "../../test/admin.js";
import { apiClient, dataOf } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { startTestChain } from "../../test/chain.js";
import { deployArcana, hardhatAccounts, walletOn } from "../../test/contracts.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";
import { createChainRelayer } from "./relayer/relayer.js";
import { batchGasLimit } from "./rules.js";
import { relayerTransactions, sponsoredRelays, sponsorshipDays, sponsorshipMemberDays } from "./schema.js";

// Hardhat's public account #5 pays here (the dev relayer, #19, is for `npm start`).
const relayerKey = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";

type Chain = Awaited<ReturnType<typeof startTestChain>>;
type App = Awaited<ReturnType<typeof createTestApp>>;
type RelayBody = ApiRouteInput<typeof relayRoute>["body"];
let chain: Chain;
let contracts: Awaited<ReturnType<typeof deployArcana>>;
const apps: App[] = [];

function economyWith(sponsorship: Partial<Economy["sponsorship"]>, budget = "1"): Economy {
  const economy = loadEconomy();
  return {
    ...economy,
    sponsorship: {
      ...economy.sponsorship,
      actions: ["check_in", "record_tarot", "stake", "unstake", "mint"],
      memberDailyQuota: 1,
      // The sybil bound off (decision 0041): these members are minutes old; its own test turns it on.
      chains: {
        local: {
          ...sponsorshipChainDefaults,
          newMemberHours: 0,
          maxRelaysPerHour: 1_000,
          dailyBudget: budget,
          lowBalance: "0.5",
          maxFeeGwei: "200",
        },
      },
      ...sponsorship,
    },
  };
}

async function appWith(economy: Economy) {
  const t = await createTestApp({ env: { ...contracts.env, LOCAL_RELAYER_PRIVATE_KEY: relayerKey }, economy });
  apps.push(t);
  return t;
}

/** A member whose bound wallet holds no gas token at all. */
async function emptyWalletMember(t: App, email: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  const member = await signUpMember(t, email);
  await bindWalletDirectly(t.database.db, member.userId, account.address);
  return { ...member, account };
}

async function signedRequest(
  account: PrivateKeyAccount,
  call: {
    to?: Hex;
    data?: Hex;
    gas?: bigint;
    nonce?: bigint;
    deadline?: number;
    value?: bigint;
    signer?: PrivateKeyAccount;
  },
) {
  const request = {
    from: account.address,
    to: call.to ?? contracts.daily,
    value: call.value ?? 0n,
    gas: call.gas ?? 120_000n,
    nonce: call.nonce ?? 0n,
    deadline: call.deadline ?? Math.floor(Date.now() / 1000) + 300,
    data: call.data ?? encodeFunctionData({ abi: dailyAbi, functionName: "checkIn" }),
  };
  const signature = await signForwardRequest(
    call.signer ?? account,
    { chainId: 31337, forwarder: contracts.forwarder },
    request,
  );
  return {
    chain_id: 31337,
    request: {
      ...request,
      value: request.value.toString(),
      gas: request.gas.toString(),
      nonce: request.nonce.toString(),
    },
    signature,
  };
}

async function relay(t: App, auth: Record<string, string>, body: RelayBody) {
  const res = await apiClient(t.app).call(relayRoute, { body, auth });
  return {
    status: res.status,
    body: (await res.json()) as { data?: RelayAccepted; error?: ErrorBody["error"] },
  };
}

async function nothingSpent(t: App, userId: string) {
  const db = t.database.db;
  expect(await db.select().from(sponsoredRelays).where(eq(sponsoredRelays.userId, userId))).toEqual([]);
  expect(await db.select().from(sponsorshipMemberDays).where(eq(sponsorshipMemberDays.userId, userId))).toEqual([]);
  const days = await db.select().from(sponsorshipDays);
  for (const day of days) expect(BigInt(day.reservedWei) + BigInt(day.spentWei) >= 0n).toBe(true);
}

function relayerOf(t: App) {
  const target = t.relaying.chains.get(31337);
  if (!target) throw new Error("local chain not sponsored");
  return createChainRelayer(target, {
    db: t.database.db,
    chains: t.relaying.chains,
    chainClients: t.chainClients,
    economy: t.relaying.economy,
    config: t.config,
    logger: pino({ level: "silent" }),
    now: () => new Date(),
  });
}

beforeAll(async () => {
  chain = await startTestChain();
  contracts = await deployArcana(chain);
}, 120_000);

afterAll(async () => {
  for (const t of apps) await t.dispose();
  await chain?.stop();
});

describe("sponsored transactions", () => {
  it("relays a check-in for a member with an empty wallet: queued, sent once, confirmed, credited once, spend recorded", async () => {
    const t = await appWith(economyWith({ memberDailyQuota: 3 }));
    const api = apiClient(t.app);
    const member = await emptyWalletMember(t, "free@example.com");

    const sponsorship = await api.data(getSponsorshipRoute, { auth: member.auth });
    expect(sponsorship.chains).toEqual([
      expect.objectContaining({ chain_id: 31337, enabled: true, left_today: 3, next_nonce: "0", reason: null }),
    ]);

    const body = await signedRequest(member.account, {});
    const first = await relay(t, member.auth, body);
    expect(first.status).toBe(202);
    expect(first.body.data?.state).toBe("queued");
    // The same signed request again is the same relay, counted once.
    const again = await relay(t, member.auth, body);
    expect(again.body.data).toEqual(first.body.data);
    const [used] = await t.database.db.select().from(sponsorshipMemberDays);
    expect(used?.used).toBe(1);
    // A second request while this one is on its way waits.
    const tarot = await signedRequest(member.account, {
      nonce: 1n,
      data: encodeFunctionData({ abi: dailyAbi, functionName: "recordTarot", args: [keccak256(toHex("x"))] }),
    });
    expect((await relay(t, member.auth, tarot)).body.error?.code).toBe("relay_pending");

    const relayer = relayerOf(t);
    await relayer.step(); // signs, stores, broadcasts (automining: mined at once)
    await relayer.step(); // settles
    const relayId = first.body.data?.relay_id as string;
    const relayState = await api.data(getRelayRoute, { params: { relay_id: relayId }, auth: member.auth });
    expect(relayState).toMatchObject({
      state: "confirmed",
      credited: true,
      failure_reason: null,
      failure: null,
      action: "check_in",
    });
    expect(await balanceOf(t.database.db, member.userId)).toBeGreaterThan(0);
    expect(await chain.client.getBalance({ address: member.account.address })).toBe(0n);
    const day = gmtDayNumber(new Date());
    expect(
      await chain.client.readContract({
        address: contracts.daily,
        abi: dailyAbi,
        functionName: "hasCheckedIn",
        args: [member.account.address, BigInt(day)],
      }),
    ).toBe(true);
    const [stored] = await t.database.db.select().from(sponsoredRelays);
    expect(BigInt(stored?.spentWei ?? "0")).toBeGreaterThan(0n);
    const [budgetDay] = await t.database.db.select().from(sponsorshipDays);
    expect(budgetDay?.spentWei).toBe(stored?.spentWei);
    expect(budgetDay?.reservedWei).toBe("0");
    expect(await t.database.db.select().from(relayerTransactions)).toHaveLength(1);
    // Another member of another app can see nothing of it.
    const stranger = await emptyWalletMember(t, "stranger@example.com");
    const foreign = await api.call(getRelayRoute, { params: { relay_id: relayId }, auth: stranger.auth });
    expect(foreign.status).toBe(404);

    // The operator console's report: the relayer, today's spend, the outcome, the day's relays.
    const operator = await signUpMember(t, "operator@example.com");
    await makeOperator(t.database.db, "operator@example.com");
    const report = await api.call(getOperatorSponsorshipRoute, { auth: operator.auth });
    expect(report.status).toBe(200);
    const sponsorshipReport = await dataOf(getOperatorSponsorshipRoute, report);
    const [local] = sponsorshipReport.chains;
    expect(local).toMatchObject({
      chain_id: 31337,
      symbol: "ETH",
      relayer: privateKeyToAccount(relayerKey).address,
      queue_depth: 0,
      waiting_over_minute: 0,
      confirmed: 1,
      failed: 0,
      replaced: 0,
      budget: "1",
      spent_today: formatEther(BigInt(stored?.spentWei ?? "0")),
    });
    expect(local?.days).toHaveLength(sponsorshipReport.window_days);
    expect(local?.days.at(-1)).toMatchObject({ relays: 1, confirmed: 1, failed: 0 });
    expect((await api.call(getOperatorSponsorshipRoute, { auth: member.auth })).status).toBe(403);
  }, 60_000);

  it("relays the day's tarot record: confirmed and its points credited once, through the tarot module's one rule", async () => {
    const economy = economyWith({ memberDailyQuota: 3 });
    const t = await appWith(economy);
    const api = apiClient(t.app);
    const member = await emptyWalletMember(t, "free-tarot@example.com");
    const data = await api.data(getTarotDrawRoute, { auth: member.auth });
    const body = await signedRequest(member.account, {
      data: encodeFunctionData({ abi: dailyAbi, functionName: "recordTarot", args: [data.digest] }),
    });
    const accepted = await relay(t, member.auth, body);
    expect(accepted.status).toBe(202);

    const relayer = relayerOf(t);
    await relayer.step();
    await relayer.step();
    await relayer.step(); // nothing more to settle: no second credit
    const relayState = await api.data(getRelayRoute, {
      params: { relay_id: accepted.body.data?.relay_id as string },
      auth: member.auth,
    });
    expect(relayState).toMatchObject({ state: "confirmed", credited: true, action: "record_tarot" });
    expect(await balanceOf(t.database.db, member.userId)).toBe(economy.tarot.points);
    expect(await t.database.db.select().from(tarotRecords).where(eq(tarotRecords.userId, member.userId))).toEqual([
      expect.objectContaining({ credited: true, digest: data.digest.toLowerCase() }),
    ]);
    expect(await chain.client.getBalance({ address: member.account.address })).toBe(0n);
  }, 60_000);

  it("refuses, with a code and nothing spent, every request policy does not allow", async () => {
    const t = await appWith(economyWith({ memberDailyQuota: 1 }));
    const member = await emptyWalletMember(t, "refused@example.com");
    const other = privateKeyToAccount(generatePrivateKey());
    const now = Math.floor(Date.now() / 1000);
    const signed = await signedRequest(member.account, {});
    const cases: Array<[string, RelayBody]> = [
      ["address_mismatch", await signedRequest(other, {})],
      ["not_sponsored", await signedRequest(member.account, { to: contracts.forwarder })],
      ["not_sponsored", await signedRequest(member.account, { value: 1n })],
      ["not_sponsored", await signedRequest(member.account, { gas: 5_000_000n })],
      ["bad_deadline", await signedRequest(member.account, { deadline: now - 10 })],
      ["bad_deadline", await signedRequest(member.account, { deadline: now + 3_600 })],
      ["invalid_signature", await signedRequest(member.account, { signer: other })],
      // The 64-byte form verifies off chain, but the forwarder's ECDSA.recover refuses it.
      ["invalid_signature", { ...signed, signature: signed.signature.slice(0, 130) as Hex }],
      ["invalid_nonce", await signedRequest(member.account, { nonce: 7n })],
      ["sponsorship_off", { ...(await signedRequest(member.account, {})), chain_id: 204 }],
    ];
    for (const [code, body] of cases) {
      const answer = await relay(t, member.auth, body);
      expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe(code);
    }
    const walletless = await signUpMember(t, "walletless@example.com");
    expect((await relay(t, walletless.auth, await signedRequest(other, {}))).body.error?.code).toBe("wallet_required");

    // A check-in the member already made (paying themselves) would revert: refused with the reason.
    const payer = hardhatAccounts[3] as PrivateKeyAccount;
    const paying = await signUpMember(t, "payer@example.com");
    await bindWalletDirectly(t.database.db, paying.userId, payer.address);
    const hash = await walletOn(chain, payer).writeContract({
      address: contracts.daily,
      abi: dailyAbi,
      functionName: "checkIn",
    });
    await chain.client.waitForTransactionReceipt({ hash });
    const reverted = await relay(t, paying.auth, await signedRequest(payer, {}));
    expect(reverted.status).toBe(409);
    expect(reverted.body.error?.code).toBe("simulation_reverted");
    expect(reverted.body.error?.message).toMatch(/AlreadyCheckedIn\(\d+\)/);
    // The error's name too, so the web can say it in the member's language.
    expect(reverted.body.error).toMatchObject({ revert: "AlreadyCheckedIn" });

    await nothingSpent(t, member.userId);
    await nothingSpent(t, paying.userId);
  }, 60_000);

  it("refuses a member's sponsored mint whose recipient is another member's wallet, even with that member's authorization: nothing reserved", async () => {
    const t = await appWith(economyWith({ memberDailyQuota: 3 }));
    const api = apiClient(t.app);
    const payer = await emptyWalletMember(t, "mint-payer@example.com");
    const recipient = await emptyWalletMember(t, "mint-recipient@example.com");
    const authorization = await api.data(signMintAuthorizationRoute, {
      body: { address: recipient.account.address, chain_id: 31337 },
      auth: recipient.auth,
    });
    const mintFor = (to: Hex) =>
      signedRequest(payer.account, {
        to: contracts.genesisPass,
        gas: 250_000n,
        data: encodeFunctionData({
          abi: genesisPassAbi,
          functionName: "mint",
          args: [to, BigInt(authorization.nonce), BigInt(authorization.deadline), authorization.signature],
        }),
      });
    const refused = await relay(t, payer.auth, await mintFor(recipient.account.address));
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe("address_mismatch");
    expect(refused.body.error?.message).toMatch(/`to`/);
    await nothingSpent(t, payer.userId);
    await nothingSpent(t, recipient.userId);
    const [day] = await t.database.db.select().from(sponsorshipDays);
    expect(day?.reservedWei ?? "0").toBe("0");
  }, 60_000);

  it("stops at the member's daily quota and at the chain's daily budget", async () => {
    const t = await appWith(economyWith({ memberDailyQuota: 1 }));
    const member = await emptyWalletMember(t, "quota@example.com");
    expect((await relay(t, member.auth, await signedRequest(member.account, {}))).status).toBe(202);
    const relayer = relayerOf(t);
    await relayer.step();
    await relayer.step();
    const tarot = await signedRequest(member.account, {
      nonce: 1n,
      data: encodeFunctionData({ abi: dailyAbi, functionName: "recordTarot", args: [keccak256(toHex("x"))] }),
    });
    const refused = await relay(t, member.auth, tarot);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "quota_used", quota: 1 });
    expect((await apiClient(t.app).data(getSponsorshipRoute, { auth: member.auth })).chains[0]).toMatchObject({
      enabled: false,
      left_today: 0,
      reason: "quota_used",
    });

    // A budget smaller than one check-in's reservation: refused before anything is spent.
    const poor = await appWith(economyWith({ memberDailyQuota: 5 }, "0.000000001"));
    const saver = await emptyWalletMember(poor, "budget@example.com");
    const spent = await relay(poor, saver.auth, await signedRequest(saver.account, {}));
    expect(spent.body.error?.code).toBe("budget_spent");
    await nothingSpent(poor, saver.userId);
  }, 60_000);

  it("bounds a farm of new accounts: a new account's day is shorter, the chain's hourly cap refuses past it with nothing spent, the burn pace is measured", async () => {
    const economy = economyWith({ memberDailyQuota: 3 });
    const local = economy.sponsorship.chains.local;
    if (!local) throw new Error("local chain not sponsored");
    Object.assign(local, { newMemberHours: 24, newMemberDailyQuota: 1, maxRelaysPerHour: 2, burnPaceAlert: 3 });
    const t = await appWith(economy);
    const api = apiClient(t.app);
    const tarotOf = (account: PrivateKeyAccount) =>
      signedRequest(account, {
        nonce: 1n,
        data: encodeFunctionData({ abi: dailyAbi, functionName: "recordTarot", args: [keccak256(toHex("x"))] }),
      });

    const fresh = await emptyWalletMember(t, "fresh-account@example.com");
    expect((await api.data(getSponsorshipRoute, { auth: fresh.auth })).chains[0]).toMatchObject({ left_today: 1 });
    expect((await relay(t, fresh.auth, await signedRequest(fresh.account, {}))).status).toBe(202);
    const relayer = relayerOf(t);
    await relayer.step();
    await relayer.step();
    const second = await relay(t, fresh.auth, await tarotOf(fresh.account));
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: "quota_used", quota: 1 });

    // Accounts two days old get the whole quota, until the chain's hour is used by all members together.
    const dayBefore = new Date(Date.now() - 48 * 60 * 60 * 1000);
    const seasoned = await emptyWalletMember(t, "seasoned-account@example.com");
    const another = await emptyWalletMember(t, "another-seasoned@example.com");
    await t.database.db
      .update(users)
      .set({ createdAt: dayBefore })
      .where(inArray(users.id, [seasoned.userId, another.userId]));
    expect((await api.data(getSponsorshipRoute, { auth: seasoned.auth })).chains[0]).toMatchObject({ left_today: 3 });
    expect((await relay(t, seasoned.auth, await signedRequest(seasoned.account, {}))).status).toBe(202);
    const capped = await relay(t, another.auth, await signedRequest(another.account, {}));
    expect(capped.status).toBe(409);
    expect(capped.body.error).toMatchObject({ code: "budget_spent", retry_after: expect.any(Number) });
    await nothingSpent(t, another.userId);

    const metrics = await (await t.app.request("/metrics")).text();
    expect(metrics).toMatch(/^arcana_sponsorship_burn_pace\{chain="local"\} \d/m);
    expect(metrics).toMatch(/^arcana_sponsorship_burn_pace_limit\{chain="local"\} 3$/m);
  }, 60_000);

  it("members relaying at once never take more than the chain's budget: the rest are refused with nothing spent", async () => {
    // A fee cap of 1,000 wei makes each check-in reserve exactly batchGasLimit([120,000]) × 1,000 wei.
    const each = batchGasLimit([120_000n]) * 1_000n;
    const economy = economyWith({ memberDailyQuota: 1 }, formatEther(3n * each));
    const local = economy.sponsorship.chains.local;
    if (local) local.maxFeeGwei = "0.000001";
    const t = await appWith(economy);
    const members = await Promise.all(
      Array.from({ length: 6 }, (_, i) => emptyWalletMember(t, `budget-race-${i}@example.com`)),
    );
    const bodies = await Promise.all(members.map((member) => signedRequest(member.account, {})));
    const answers = await Promise.all(members.map((member, i) => relay(t, member.auth, bodies[i] as RelayBody)));
    const codes = answers.map((answer) => answer.body.error?.code ?? answer.status);
    expect(codes.filter((code) => code === 202)).toHaveLength(3);
    expect(codes.filter((code) => code === "budget_spent")).toHaveLength(3);
    const [day] = await t.database.db.select().from(sponsorshipDays);
    expect(BigInt(day?.reservedWei ?? "0")).toBe(3n * each);
    expect(day?.relays).toBe(3);
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 202) await nothingSpent(t, members[i]?.userId as string);
    }
  }, 60_000);
});
