import {
  claimKolRewardsRoute,
  claimReferralRewardsRoute,
  consumeTasksRoute,
  getKolSummaryRoute,
  getReferralSummaryRoute,
  useReferralCodeRoute,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema.js";
import { testActor, unbindWalletOf } from "../../test/admin.js";
import { apiClient, errorCode, pathOf } from "../../test/api-client.js";
import { balanceOf, bindWalletDirectly } from "../../test/members.js";
import { type ReferralMember, referralTestApp } from "../../test/referrals.js";
import { kolAdmin } from "./admin.js";
import { memberCodeAlphabet } from "./rules.js";

const DAY_MS = 86_400_000;
// Codes, the invite from code to claim, the rules of using a code; KOL codes, qualification
// events and concurrency are in referrals-kol.test.ts.
const { clock, t, newMember, summary, use, readUse, claim, bindWalletBySigning, usesOf } = referralTestApp("referrals");

describe("GET /refer_code", () => {
  it("gives every member one short, unambiguous code, a share link and an open window", async () => {
    const member = await newMember();
    const [first, second] = await Promise.all([summary(member), summary(member)]);
    expect(first.code).toBe(second.code);
    expect(first.code).toMatch(new RegExp(`^[${memberCodeAlphabet}]{8}$`));
    expect(first.code).not.toMatch(/[01OI]/);
    expect(first.share_url).toBe(`${t().config.publicUrl}/?ref=${first.code}`);
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
      {
        joined_on: new Date(clock.now()).toISOString().slice(0, 10),
        state: "pending",
        reason: expect.any(String),
        waiting_for: "wallet_bound",
        refusal: null,
      },
    ]);
    expect(await claim(inviter)).toEqual({ claimed: 0, pts: 0 });

    // The binding itself qualifies the invite (inside its transaction): the invitee's points land at once.
    await bindWalletBySigning(invitee);
    expect(await balanceOf(t().database.db, invitee.userId)).toBe(20);
    mine = await summary(inviter);
    expect(mine).toMatchObject({ invitees: 1, qualified: 1, pending_points: 50, claimed_points: 0 });
    expect(mine.recent[0]).toMatchObject({ state: "qualified", reason: null });

    expect(await claim(inviter)).toEqual({ claimed: 50, pts: 50 });
    expect(await claim(inviter)).toEqual({ claimed: 0, pts: 50 });
    mine = await summary(inviter);
    expect(mine).toMatchObject({ qualified: 1, pending_points: 0, claimed_points: 50 });
    expect(mine.recent[0]?.state).toBe("claimed");
    const rows = await t().database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, invitee.userId));
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
    const admin = kolAdmin(t().database.db, testActor, clock.now);
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
    expect(await balanceOf(t().database.db, first.userId)).toBe(20);

    await unbindWalletOf(t().database.db, first.email, "evm", clock.now());
    await bindWalletDirectly(t().database.db, second.userId, wallet, clock.now());
    const mine = await summary(inviter);
    expect(mine).toMatchObject({ invitees: 2, qualified: 1, pending_points: 50 });
    const refused = mine.recent.find((entry) => entry.state === "refused");
    expect(refused?.reason).toMatch(/bound to another account/);
    expect(await balanceOf(t().database.db, second.userId)).toBe(0);
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
      const res = await apiClient(t().app).unchecked(useReferralCodeRoute, { body, auth: member.auth });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("bad_request");
    }
    const notJson = await t().app.request(pathOf(useReferralCodeRoute), {
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
      const res = await apiClient(t().app).unchecked(route, route.method === "post" ? { body: { code: "ABCD" } } : {});
      expect(res.status, route.path).toBe(401);
      expect(await errorCode(res)).toBe("unauthenticated");
    }
    const [count] = await t()
      .database.db.select({ n: sql<number>`count(*)::int` })
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
    const cookieOf = (member: ReferralMember) => ({
      cookie: `arcana_session=${member.auth.authorization.replace("Bearer ", "")}`,
      origin: "https://evil.example",
    });
    for (const [member, route, body] of [
      [stranger, useReferralCodeRoute, { code }],
      [inviter, claimReferralRewardsRoute, {}],
      [inviter, claimKolRewardsRoute, {}],
    ] as const) {
      const res = await apiClient(t().app).unchecked(route, { body, auth: cookieOf(member) });
      expect(res.status, route.path).toBe(403);
      expect(await errorCode(res)).toBe("foreign_origin");
    }
    expect(await usesOf(stranger.userId)).toEqual([]);
    expect(await balanceOf(t().database.db, inviter.userId)).toBe(0);
    expect((await summary(inviter)).pending_points).toBe(50);
  });
});
