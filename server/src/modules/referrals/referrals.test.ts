import {
  bindEvmWalletRoute,
  type ClaimResult,
  claimKolRewardsRoute,
  claimReferralRewardsRoute,
  consumeTasksRoute,
  getKolSummaryRoute,
  getReferralSummaryRoute,
  gmtDayNumber,
  issueWalletNonceRoute,
  type ReferralSummary,
  useReferralCodeRoute,
  walletBindingStatement,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, passes, referralUses } from "../../db/schema.js";
import { type Economy, loadEconomy } from "../../economy.js";
import { testActor, unbindWalletOf } from "../../test/admin.js";
import { apiClient, errorCode, pathOf } from "../../test/api-client.js";
import { createTestApp, economyQualifyingOn, testClock, unlimitedLimiter } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, createMemberRow, signUpMember } from "../../test/members.js";
import { kolAdmin } from "./admin.js";
import { memberCodeAlphabet } from "./rules.js";

const DAY_MS = 86_400_000;
const clock = testClock(new Date());
// Most tests qualify on a wallet binding (the shortest path); the shipped default is the first check-in.
const walletBoundEconomy = economyQualifyingOn("wallet_bound");
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, limiter: unlimitedLimiter(), economy: walletBoundEconomy });
});
afterAll(() => t.dispose());

type Member = Awaited<ReturnType<typeof signUpMember>> & { email: string };
let members = 0;
async function newMember(app = t): Promise<Member> {
  members += 1;
  const email = `referrals-${members}@example.com`;
  return { ...(await signUpMember(app, email)), email };
}

async function summary(member: Member, app = t): Promise<ReferralSummary> {
  return apiClient(app.app).data(getReferralSummaryRoute, { auth: member.auth });
}

function use(member: Member, code: string, app = t) {
  return apiClient(app.app).call(useReferralCodeRoute, { body: { code }, auth: member.auth });
}

async function readUse(member: Member, code: string, app = t) {
  return apiClient(app.app).data(useReferralCodeRoute, { body: { code }, auth: member.auth });
}

async function claim(
  member: Member,
  route: typeof claimReferralRewardsRoute | typeof claimKolRewardsRoute = claimReferralRewardsRoute,
): Promise<ClaimResult> {
  return apiClient(t.app).data(route, { auth: member.auth });
}

/** Binds a fresh EVM wallet the way the web does: a signed Sign-In with Ethereum message. */
async function bindWalletBySigning(member: Member, key = generatePrivateKey()) {
  const account = privateKeyToAccount(key);
  const { nonce } = await apiClient(t.app).data(issueWalletNonceRoute, { auth: member.auth });
  const message = createSiweMessage({
    domain: "localhost:3000",
    uri: "http://localhost:3000",
    address: account.address,
    chainId: 31337,
    nonce,
    version: "1",
    statement: walletBindingStatement,
    issuedAt: clock.now(),
    expirationTime: new Date(clock.now().getTime() + 10 * 60 * 1000),
  });
  const signature = await account.signMessage({ message });
  const res = await apiClient(t.app).call(bindEvmWalletRoute, {
    body: { address: account.address, message, signature },
    auth: member.auth,
  });
  expect(res.status).toBe(200);
  return account.address;
}

async function usesOf(userId: string) {
  return t.database.db.select().from(referralUses).where(eq(referralUses.inviteeId, userId));
}

describe("GET /refer_code", () => {
  it("gives every member one short, unambiguous code, a share link and an open window", async () => {
    const member = await newMember();
    const [first, second] = await Promise.all([summary(member), summary(member)]);
    expect(first.code).toBe(second.code);
    expect(first.code).toMatch(new RegExp(`^[${memberCodeAlphabet}]{8}$`));
    expect(first.code).not.toMatch(/[01OI]/);
    expect(first.share_url).toBe(`${t.config.publicUrl}/?ref=${first.code}`);
    expect(first).toMatchObject({
      used_code: null,
      invitees: 0,
      qualified: 0,
      pending_points: 0,
      claimed_points: 0,
      recent: [],
    });
    expect(new Date(first.window_ends_at as string).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });
});

describe("an invite, from code to claim", () => {
  it("credits the invitee when they bind a wallet, and the inviter once when they claim", async () => {
    const inviter = await newMember();
    const invitee = await newMember();
    const { code } = await summary(inviter);

    const used = await readUse(invitee, code.toLowerCase());
    expect(used).toMatchObject({
      code,
      kol: false,
      invitee_points: 20,
      state: "pending",
      qualify_on: "wallet_bound",
      pts: 0,
    });
    expect(used.reason).toMatch(/bind a wallet/i);
    expect((await summary(invitee)).used_code).toBe(code);
    expect((await summary(invitee)).window_ends_at).toBeNull();
    let mine = await summary(inviter);
    expect(mine).toMatchObject({ invitees: 1, qualified: 0, pending_points: 0 });
    expect(mine.recent).toEqual([
      { joined_on: new Date(clock.now()).toISOString().slice(0, 10), state: "pending", reason: expect.any(String) },
    ]);
    expect(await claim(inviter)).toEqual({ claimed: 0, pts: 0 });

    // The binding itself qualifies the invite (inside its transaction): the invitee's points land at once.
    await bindWalletBySigning(invitee);
    expect(await balanceOf(t.database.db, invitee.userId)).toBe(20);
    mine = await summary(inviter);
    expect(mine).toMatchObject({ invitees: 1, qualified: 1, pending_points: 50, claimed_points: 0 });
    expect(mine.recent[0]).toMatchObject({ state: "qualified", reason: null });

    expect(await claim(inviter)).toEqual({ claimed: 50, pts: 50 });
    expect(await claim(inviter)).toEqual({ claimed: 0, pts: 50 });
    mine = await summary(inviter);
    expect(mine).toMatchObject({ qualified: 1, pending_points: 0, claimed_points: 50 });
    expect(mine.recent[0]?.state).toBe("claimed");
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, invitee.userId));
    expect(rows.map((row) => [row.kind, row.userId, row.amount]).sort()).toEqual(
      [
        ["referral", inviter.userId, 50],
        ["referral_invitee", invitee.userId, 20],
      ].sort(),
    );
  });

  it("qualifies at once a member who had already bound a wallet", async () => {
    const inviter = await newMember();
    const invitee = await newMember();
    await bindWalletBySigning(invitee);
    const used = await readUse(invitee, (await summary(inviter)).code);
    expect(used).toMatchObject({ state: "qualified", reason: null, pts: 20 });
    expect((await summary(inviter)).pending_points).toBe(50);
  });
});

describe("the rules of using a code", () => {
  it("refuses one's own code, a second code, and a code of someone one invited, writing nothing", async () => {
    const a = await newMember();
    const b = await newMember();
    const c = await newMember();
    const codeA = (await summary(a)).code;
    const codeB = (await summary(b)).code;
    const codeC = (await summary(c)).code;

    const own = await use(a, codeA);
    expect(own.status).toBe(409);
    expect(await errorCode(own)).toBe("own_code");
    expect(await usesOf(a.userId)).toEqual([]);

    expect((await use(b, codeA)).status).toBe(200);
    const second = await use(b, codeC);
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe("referral_already_used");
    expect((await usesOf(b.userId))[0]?.code).toBe(codeA);

    // A invited B: A may not enter B's code (no loops), answered as an unknown code.
    const loop = await use(a, codeB);
    expect(loop.status).toBe(404);
    expect(await errorCode(loop)).toBe("not_found");
    expect(await usesOf(a.userId)).toEqual([]);
  });

  it("refuses an unknown code and a disabled KOL code with not_found", async () => {
    const kol = await newMember();
    const member = await newMember();
    const unknown = await use(member, "NOSUCHCODE");
    expect(unknown.status).toBe(404);
    expect(await errorCode(unknown)).toBe("not_found");
    const admin = kolAdmin(t.database.db, testActor, clock.now);
    await admin.add(kol.email, { code: "gone-soon" });
    expect(await admin.disable("GONE-SOON")).toBe(true);
    const disabled = await use(member, "gone-soon");
    expect(disabled.status).toBe(404);
    expect(await errorCode(disabled)).toBe("not_found");
    expect(await usesOf(member.userId)).toEqual([]);
  });

  it("closes the window windowDays after sign-up (injected clock)", async () => {
    const inviter = await newMember();
    const late = await newMember();
    const { code } = await summary(inviter);
    const { window_ends_at } = await summary(late);
    const started = clock.now().getTime();
    clock.advance(new Date(window_ends_at as string).getTime() - started);
    try {
      const res = await use(late, code);
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe("referral_window_closed");
      expect(await usesOf(late.userId)).toEqual([]);
      clock.advance(-1);
      expect((await use(late, code)).status).toBe(200);
    } finally {
      clock.advance(started - clock.now().getTime());
    }
  });

  it("a wallet unbound and bound to another account qualifies nobody a second time", async () => {
    const inviter = await newMember();
    const first = await newMember();
    const second = await newMember();
    const { code } = await summary(inviter);
    await use(first, code);
    await use(second, code);
    const wallet = await bindWalletBySigning(first);
    expect(await balanceOf(t.database.db, first.userId)).toBe(20);

    await unbindWalletOf(t.database.db, first.email, "evm", clock.now());
    await bindWalletDirectly(t.database.db, second.userId, wallet, clock.now());
    const mine = await summary(inviter);
    expect(mine).toMatchObject({ invitees: 2, qualified: 1, pending_points: 50 });
    const refused = mine.recent.find((entry) => entry.state === "refused");
    expect(refused?.reason).toMatch(/bound to another account/);
    expect(await balanceOf(t.database.db, second.userId)).toBe(0);
  });

  it("answers bad input with 400 bad_request and no session with 401, writing nothing", async () => {
    const member = await newMember();
    for (const body of [
      {},
      { code: "" },
      { code: "ab" },
      { code: "has space" },
      { code: 12345 },
      { code: "x".repeat(33) },
    ]) {
      const res = await apiClient(t.app).unchecked(useReferralCodeRoute, { body, auth: member.auth });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("bad_request");
    }
    const notJson = await t.app.request(pathOf(useReferralCodeRoute), {
      method: "POST",
      body: "code=ABCD",
      headers: { "content-type": "application/json", ...member.auth },
    });
    expect(notJson.status).toBe(400);
    expect(await usesOf(member.userId)).toEqual([]);
    for (const route of [
      getReferralSummaryRoute,
      useReferralCodeRoute,
      claimReferralRewardsRoute,
      getKolSummaryRoute,
      claimKolRewardsRoute,
      consumeTasksRoute,
    ]) {
      const res = await apiClient(t.app).unchecked(route, route.method === "post" ? { body: { code: "ABCD" } } : {});
      expect(res.status, route.path).toBe(401);
      expect(await errorCode(res)).toBe("unauthenticated");
    }
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.userId));
    expect(Number(count?.n)).toBe(0);
  });
});

describe("cross-site writes", () => {
  it("refuses a cookie-authenticated use or claim from a foreign origin with 403, writing nothing", async () => {
    const inviter = await newMember();
    const invitee = await newMember();
    const { code } = await summary(inviter);
    await use(invitee, code);
    await bindWalletBySigning(invitee);
    const stranger = await newMember();
    const cookieOf = (member: Member) => ({
      cookie: `arcana_session=${member.auth.authorization.replace("Bearer ", "")}`,
      origin: "https://evil.example",
    });
    for (const [member, route, body] of [
      [stranger, useReferralCodeRoute, { code }],
      [inviter, claimReferralRewardsRoute, {}],
      [inviter, claimKolRewardsRoute, {}],
    ] as const) {
      const res = await apiClient(t.app).unchecked(route, { body, auth: cookieOf(member) });
      expect(res.status, route.path).toBe(403);
      expect(await errorCode(res)).toBe("foreign_origin");
    }
    expect(await usesOf(stranger.userId)).toEqual([]);
    expect(await balanceOf(t.database.db, inviter.userId)).toBe(0);
    expect((await summary(inviter)).pending_points).toBe(50);
  });
});

describe("KOL codes", () => {
  it("shows a KOL each code's uses, qualified invites, points and days, and claims them once", async () => {
    const kol = await newMember();
    const admin = kolAdmin(t.database.db, testActor, clock.now);
    expect(await admin.add(kol.email, { code: "moonrise", inviterPoints: 200 })).toEqual({
      email: kol.email,
      code: "MOONRISE",
    });
    await expect(admin.add(kol.email, { code: "MoonRise" })).rejects.toThrow(/taken/);
    const fan = await newMember();
    const used = await readUse(fan, "MoonRise");
    expect(used).toMatchObject({ code: "MOONRISE", kol: true, invitee_points: 30, state: "pending" });
    await bindWalletBySigning(fan);
    expect(await balanceOf(t.database.db, fan.userId)).toBe(30);

    const stats = await apiClient(t.app).data(getKolSummaryRoute, { auth: kol.auth });
    expect(stats.is_kol).toBe(true);
    expect(stats.codes).toHaveLength(1);
    const [code] = stats.codes;
    expect(code).toMatchObject({
      code: "MOONRISE",
      inviter_points: 200,
      invitee_points: 30,
      uses: 1,
      qualified: 1,
      pending_points: 200,
      claimed_points: 0,
      disabled: false,
    });
    expect(code?.daily).toHaveLength(30);
    expect(code?.daily.at(-1)).toEqual({
      date: new Date(clock.now()).toISOString().slice(0, 10),
      uses: 1,
      qualified: 1,
    });

    // The member claim is for the member's own code only.
    expect(await claim(kol)).toEqual({ claimed: 0, pts: 0 });
    expect(await claim(kol, claimKolRewardsRoute)).toEqual({ claimed: 200, pts: 200 });
    expect(await claim(kol, claimKolRewardsRoute)).toEqual({ claimed: 0, pts: 200 });
    const after = await apiClient(t.app).data(getKolSummaryRoute, { auth: kol.auth });
    expect(after.codes[0]).toMatchObject({ pending_points: 0, claimed_points: 200 });

    const listed = await admin.list();
    expect(listed.find((row) => row.code === "MOONRISE")).toMatchObject({ email: kol.email, uses: 1, qualified: 1 });
  });

  it("answers is_kol: false and no codes for everyone else", async () => {
    const member = await newMember();
    expect(await apiClient(t.app).data(getKolSummaryRoute, { auth: member.auth })).toEqual({
      is_kol: false,
      codes: [],
    });
  });
});

describe("qualification on the configured event only", () => {
  it("with qualifyOn first_check_in, a bound wallet does not qualify; the first check-in does", async () => {
    const economy: Economy = {
      ...loadEconomy(),
      referrals: { ...loadEconomy().referrals, qualifyOn: "first_check_in" },
    };
    const other = await createTestApp({ now: clock.now, economy, limiter: unlimitedLimiter() });
    try {
      const inviter = await newMember(other);
      const invitee = await newMember(other);
      const { code } = await summary(inviter, other);
      const used = await readUse(invitee, code, other);
      expect(used).toMatchObject({ state: "pending", qualify_on: "first_check_in" });
      const wallet = "0x00000000000000000000000000000000000c0ffe";
      await bindWalletDirectly(other.database.db, invitee.userId, wallet);
      expect((await summary(inviter, other)).recent[0]?.state).toBe("pending");
      expect(await balanceOf(other.database.db, invitee.userId)).toBe(0);

      await other.checkIn.creditCheckIn({
        wallet,
        day: gmtDayNumber(clock.now()),
        chainId: 31337,
        txHash: `0x${"1".repeat(64)}`,
        logIndex: 0,
        blockHash: `0x${"2".repeat(64)}`,
        blockTime: clock.now(),
      });
      const mine = await summary(inviter, other);
      expect(mine).toMatchObject({ qualified: 1, pending_points: 50 });
      // 10 for the check-in, 20 for joining with a code.
      expect(await balanceOf(other.database.db, invitee.userId)).toBe(30);
    } finally {
      await other.dispose();
    }
  });
});

describe("qualification on pass_minted", () => {
  it("a bound wallet does not qualify; a Genesis Pass in that wallet does", async () => {
    const economy: Economy = {
      ...loadEconomy(),
      referrals: { ...loadEconomy().referrals, qualifyOn: "pass_minted" },
    };
    const other = await createTestApp({ now: clock.now, economy, limiter: unlimitedLimiter() });
    try {
      const inviter = await newMember(other);
      const invitee = await newMember(other);
      await use(invitee, (await summary(inviter, other)).code, other);
      const wallet = "0x00000000000000000000000000000000000beef5";
      await bindWalletDirectly(other.database.db, invitee.userId, wallet);
      expect((await summary(inviter, other)).recent[0]).toMatchObject({
        state: "pending",
        reason: expect.stringMatching(/Genesis Pass/),
      });
      await other.database.db
        .insert(passes)
        .values({ chainId: 31337, tokenId: 1, owner: wallet, mintedAt: clock.now() });
      expect(await summary(inviter, other)).toMatchObject({ qualified: 1, pending_points: 50 });
      expect(await balanceOf(other.database.db, invitee.userId)).toBe(20);
    } finally {
      await other.dispose();
    }
  });
});

describe("under concurrency", () => {
  it("50 simultaneous claims credit the inviter once", async () => {
    const inviter = await newMember();
    const { code } = await summary(inviter);
    for (let i = 0; i < 3; i++) {
      const invitee = await newMember();
      await use(invitee, code);
      await bindWalletBySigning(invitee);
    }
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(inviter)));
    expect(answers.reduce((sum, answer) => sum + answer.claimed, 0)).toBe(150);
    expect(await balanceOf(t.database.db, inviter.userId)).toBe(150);
  });

  it("50 simultaneous KOL claims credit the KOL once", async () => {
    const kol = await newMember();
    const { code } = await kolAdmin(t.database.db, testActor, clock.now).add(kol.email, { inviterPoints: 70 });
    for (let i = 0; i < 2; i++) {
      const fan = await newMember();
      await use(fan, code);
      await bindWalletBySigning(fan);
    }
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(kol, claimKolRewardsRoute)));
    expect(answers.reduce((sum, answer) => sum + answer.claimed, 0)).toBe(140);
    expect(await balanceOf(t.database.db, kol.userId)).toBe(140);
  });

  it("one member entering 50 different codes at once joins with exactly one", async () => {
    // Inviters need only a code: accounts without a session, so sign-in limits stay out of it.
    const inviters = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createMemberRow(t.database.db, `inviter-${i}-${members}@example.com`)),
    );
    const codes = await Promise.all(inviters.map(async (inviterId) => (await t.referrals.summary(inviterId)).code));
    const member = await newMember();
    await bindWalletBySigning(member);
    const responses = await Promise.all(codes.map((code) => use(member, code)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = await Promise.all(responses.filter((res) => res.status !== 200).map(errorCode));
    expect(new Set(refused)).toEqual(new Set(["referral_already_used"]));
    expect(await usesOf(member.userId)).toHaveLength(1);
    expect(await balanceOf(t.database.db, member.userId)).toBe(20);
  });

  it("two members entering each other's codes at once: only one invite stands", async () => {
    const a = await newMember();
    const b = await newMember();
    const [codeA, codeB] = [(await summary(a)).code, (await summary(b)).code];
    const [ab, ba] = await Promise.all([use(a, codeB), use(b, codeA)]);
    expect([ab.status, ba.status].sort()).toEqual([200, 404]);
    expect((await usesOf(a.userId)).length + (await usesOf(b.userId)).length).toBe(1);
  });
});
