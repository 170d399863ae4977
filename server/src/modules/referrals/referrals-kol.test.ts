import { claimKolRewardsRoute, getKolSummaryRoute, gmtDayNumber } from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { passes } from "../../db/schema.js";
import { type Economy, loadEconomy } from "../../economy.js";
import { testActor } from "../../test/admin.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp, unlimitedLimiter } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, createMemberRow } from "../../test/members.js";
import { referralTestApp } from "../../test/referrals.js";
import { kolAdmin } from "./admin.js";

const _DAY_MS = 86_400_000;
// KOL codes, qualification on the configured event, and claims and uses under concurrency.
const { clock, t, newMember, summary, use, readUse, claim, bindWalletBySigning, usesOf } =
  referralTestApp("referrals-kol");

describe("KOL codes", () => {
  it("shows a KOL each code's uses, qualified invites, points and days, and claims them once", async () => {
    const kol = await newMember();
    const admin = kolAdmin(t().database.db, testActor, clock.now);
    expect(await admin.add(kol.email, { code: "moonrise", inviterPoints: 200 })).toEqual({
      email: kol.email,
      code: "MOONRISE",
    });
    await expect(admin.add(kol.email, { code: "MoonRise" })).rejects.toThrow(/taken/);
    const fan = await newMember();
    const used = await readUse(fan, "MoonRise");
    expect(used).toMatchObject({ code: "MOONRISE", kol: true, invitee_points: 30, state: "pending" });
    await bindWalletBySigning(fan);
    expect(await balanceOf(t().database.db, fan.userId)).toBe(30);

    const stats = await apiClient(t().app).data(getKolSummaryRoute, { auth: kol.auth });
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
    const after = await apiClient(t().app).data(getKolSummaryRoute, { auth: kol.auth });
    expect(after.codes[0]).toMatchObject({ pending_points: 0, claimed_points: 200 });

    const listed = await admin.list();
    expect(listed.find((row) => row.code === "MOONRISE")).toMatchObject({ email: kol.email, uses: 1, qualified: 1 });
  });

  it("answers is_kol: false and no codes for everyone else", async () => {
    const member = await newMember();
    expect(await apiClient(t().app).data(getKolSummaryRoute, { auth: member.auth })).toEqual({
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
    expect(await balanceOf(t().database.db, inviter.userId)).toBe(150);
  });

  it("50 simultaneous KOL claims credit the KOL once", async () => {
    const kol = await newMember();
    const { code } = await kolAdmin(t().database.db, testActor, clock.now).add(kol.email, { inviterPoints: 70 });
    for (let i = 0; i < 2; i++) {
      const fan = await newMember();
      await use(fan, code);
      await bindWalletBySigning(fan);
    }
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(kol, claimKolRewardsRoute)));
    expect(answers.reduce((sum, answer) => sum + answer.claimed, 0)).toBe(140);
    expect(await balanceOf(t().database.db, kol.userId)).toBe(140);
  });

  it("one member entering 50 different codes at once joins with exactly one", async () => {
    // Inviters need only a code: accounts without a session, so sign-in limits stay out of it.
    const inviters = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createMemberRow(t().database.db, `inviter-${i}@example.com`)),
    );
    const codes = await Promise.all(inviters.map(async (inviterId) => (await t().referrals.summary(inviterId)).code));
    const member = await newMember();
    await bindWalletBySigning(member);
    const responses = await Promise.all(codes.map((code) => use(member, code)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = await Promise.all(responses.filter((res) => res.status !== 200).map(errorCode));
    expect(new Set(refused)).toEqual(new Set(["referral_already_used"]));
    expect(await usesOf(member.userId)).toHaveLength(1);
    expect(await balanceOf(t().database.db, member.userId)).toBe(20);
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
