import { getReferralSummaryRoute, useReferralCodeRoute } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralUses } from "../../db/schema.js";
import { loadEconomy } from "../../economy.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp, economyQualifyingOn, testClock, unlimitedLimiter } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";
import { refusalReasons } from "./rules.js";

const DAY_MS = 86_400_000;
const clock = testClock(new Date());
const cap = 3;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const economy = economyQualifyingOn("wallet_bound");
  t = await createTestApp({
    now: clock.now,
    limiter: unlimitedLimiter(),
    economy: { ...economy, referrals: { ...economy.referrals, maxQualifiedPer30Days: cap } },
  });
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

type Member = Awaited<ReturnType<typeof signUpMember>> & { email: string };
let members = 0;
async function member(email = `farming-${++members}@example.com`): Promise<Member> {
  return { ...(await signUpMember(t, email)), email };
}
let wallets = 0;
const nextWallet = () => `0x${(0xfa000 + ++wallets).toString(16).padStart(40, "0")}`;

async function codeOf(who: Member): Promise<string> {
  return (await api.data(getReferralSummaryRoute, { auth: who.auth })).code;
}
function use(who: Member, code: string) {
  return api.call(useReferralCodeRoute, { body: { code }, auth: who.auth });
}
async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}
async function usesOf(who: Member) {
  return t.database.db.select().from(referralUses).where(eq(referralUses.inviteeId, who.userId));
}
/** Uses the inviter's code and binds a fresh wallet: the invite's outcome as the invitee's row says. */
async function joinAndBind(inviter: Member, invitee: Member) {
  expect((await use(invitee, await codeOf(inviter))).status).toBe(200);
  await bindWalletDirectly(t.database.db, invitee.userId, nextWallet(), clock.now());
  await api.call(getReferralSummaryRoute, { auth: inviter.auth });
  return (await usesOf(invitee))[0];
}

describe("finding 14: invite loops of any length", () => {
  it("finding 14: refuses A→B→C→A and a loop of four, answered like an unknown code, writing nothing", async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    expect((await use(b, await codeOf(a))).status).toBe(200);
    expect((await use(c, await codeOf(b))).status).toBe(200);
    const loop = await use(a, await codeOf(c));
    expect(await errorOf(loop)).toMatchObject({ status: 404, code: "not_found" });
    expect(await usesOf(a)).toEqual([]);

    expect((await use(d, await codeOf(c))).status).toBe(200);
    expect(await errorOf(await use(a, await codeOf(d)))).toMatchObject({ status: 404, code: "not_found" });
    expect(await usesOf(a)).toEqual([]);
    // A chain is fine: a newcomer may join below D.
    const e = await member();
    expect((await use(e, await codeOf(d))).status).toBe(200);
  });

  it("finding 14: two uses that close a loop only together, made at once, cannot both stand", async () => {
    // A→B and C→D exist: C entering B's code (B→C) and A entering D's (D→A) at once would close A→B→C→D→A.
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    expect((await use(b, await codeOf(a))).status).toBe(200);
    expect((await use(d, await codeOf(c))).status).toBe(200);
    const [codeB, codeD] = [await codeOf(b), await codeOf(d)];
    const answers = await Promise.all([use(c, codeB), use(a, codeD)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404]);
    expect((await usesOf(c)).length + (await usesOf(a)).length).toBe(1);
  });
});

describe("finding 3: invite farming", () => {
  it("finding 3: the shipped economy qualifies an invite on the invitee's first on-chain check-in, not a wallet", async () => {
    expect(loadEconomy().referrals).toMatchObject({ qualifyOn: "first_check_in", maxQualifiedPer30Days: 10 });
    expect(loadEconomy().kol.maxQualifiedPer30Days).toBe(1000);
    const shipped = await createTestApp({ now: clock.now, limiter: unlimitedLimiter() });
    try {
      const inviter = await signUpMember(shipped, "shipped-inviter@example.com");
      const invitee = await signUpMember(shipped, "shipped-invitee@example.com");
      const shippedApi = apiClient(shipped.app);
      const { code } = await shippedApi.data(getReferralSummaryRoute, { auth: inviter.auth });
      const used = await shippedApi.data(useReferralCodeRoute, { body: { code }, auth: invitee.auth });
      expect(used).toMatchObject({ state: "pending", qualify_on: "first_check_in" });
      await bindWalletDirectly(shipped.database.db, invitee.userId, nextWallet(), clock.now());
      const after = await shippedApi.data(getReferralSummaryRoute, { auth: inviter.auth });
      expect(after).toMatchObject({ invitees: 1, qualified: 0 });
      expect(await balanceOf(shipped.database.db, invitee.userId)).toBe(0);
    } finally {
      await shipped.dispose();
    }
  }, 120_000);

  it("finding 3: aliases of one inbox (a +tag) qualify one invite per inviter, and never the inviter's own", async () => {
    const inviter = await member("farmer@example.com");
    const self = await joinAndBind(inviter, await member("farmer+1@example.com"));
    expect(self).toMatchObject({ state: "refused", reason: refusalReasons.sameInbox });
    const mine = await api.data(getReferralSummaryRoute, { auth: inviter.auth });
    expect(mine.recent[0]).toMatchObject({ state: "refused", refusal: "same_inbox", waiting_for: null });

    const friend = await member("friend@example.com");
    expect(await joinAndBind(inviter, friend)).toMatchObject({ state: "qualified" });
    const alias = await member("friend+again@example.com");
    expect(await joinAndBind(inviter, alias)).toMatchObject({ state: "refused", reason: refusalReasons.sameInbox });
    expect(await balanceOf(t.database.db, alias.userId)).toBe(0);

    // Another inviter is another matter: the friend's alias may qualify for them.
    const other = await member();
    expect(await joinAndBind(other, await member("friend+other@example.com"))).toMatchObject({ state: "qualified" });
    const summary = await api.data(getReferralSummaryRoute, { auth: inviter.auth });
    expect(summary).toMatchObject({ invitees: 3, qualified: 1, pending_points: 50 });
  });

  it("finding 3: an inviter's qualified invites are capped per 30 days; the next ones are refused", async () => {
    // 31 days ago (accounts are dated by the database, so the clock goes back rather than forward).
    const start = clock.now().getTime();
    clock.advance(-31 * DAY_MS);
    try {
      const inviter = await member();
      for (let i = 0; i < cap; i++) {
        expect(await joinAndBind(inviter, await member())).toMatchObject({ state: "qualified" });
      }
      const over = await member();
      expect(await joinAndBind(inviter, over)).toMatchObject({
        state: "refused",
        reason: refusalReasons.inviterCapReached,
      });
      expect(await balanceOf(t.database.db, over.userId)).toBe(0);
      clock.advance(31 * DAY_MS);
      // The 30 days moved on (and the inviter's session with them): a newcomer's invite counts again.
      const signedInAgain = await member(inviter.email);
      expect(await joinAndBind(signedInAgain, await member())).toMatchObject({ state: "qualified" });
    } finally {
      clock.advance(start - clock.now().getTime());
    }
  });

  it("finding 3: invitees qualifying at once stop at the cap", async () => {
    const inviter = await member();
    const code = await codeOf(inviter);
    const invitees = await Promise.all(Array.from({ length: 6 }, () => member()));
    for (const invitee of invitees) expect((await use(invitee, code)).status).toBe(200);
    await Promise.all(
      invitees.map((invitee) => bindWalletDirectly(t.database.db, invitee.userId, nextWallet(), clock.now())),
    );
    await Promise.all(invitees.map(() => api.call(getReferralSummaryRoute, { auth: inviter.auth })));
    const states = (await Promise.all(invitees.map(usesOf))).map((rows) => rows[0]?.state);
    expect(states.filter((state) => state === "qualified")).toHaveLength(cap);
    expect(states.filter((state) => state === "refused")).toHaveLength(6 - cap);
  });
});
