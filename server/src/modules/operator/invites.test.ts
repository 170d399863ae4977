import {
  claimKolRewardsRoute,
  getOperatorInvitesRoute,
  getReferralSummaryRoute,
  useReferralCodeRoute,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { makeOperator, testActor, unbindWalletOf } from "../../test/admin.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { economyQualifyingOn, testAppPerFile, testClock, unlimitedLimiter } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";
import { kolAdmin } from "../referrals/admin.js";
import { refusalReasons } from "../referrals/rules.js";

const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
const t = testAppPerFile({
  now: clock.now,
  limiter: unlimitedLimiter(),
  economy: economyQualifyingOn("wallet_bound"),
});
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

async function invites(auth: Record<string, string>) {
  return api.call(getOperatorInvitesRoute, { auth });
}

describe("GET /operator/invites", () => {
  it("refuses a member who is not an operator with 403 forbidden, and a visitor with 401", async () => {
    const member = await signUpMember(t, "not-an-operator@example.com");
    const refused = await invites(member.auth);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("forbidden");
    expect((await invites({})).status).toBe(401);
  });

  it("counts the funnel and each code's uses, outcomes, refusal reasons and points paid", async () => {
    const operator = await signUpMember(t, "operator@example.com");
    await makeOperator(t.database.db, "operator@example.com");
    expect(await api.data(getOperatorInvitesRoute, { auth: operator.auth })).toEqual({
      funnel: { used: 0, bound_wallet: 0, qualified: 0, claimed: 0 },
      codes: [],
      code_limit: 200,
    });

    const kol = await signUpMember(t, "kol@example.com");
    await kolAdmin(t.database.db, testActor, clock.now).add("kol@example.com", {
      code: "STARS",
      inviterPoints: 100,
      inviteePoints: 30,
    });
    await kolAdmin(t.database.db, testActor, clock.now).add("kol@example.com", { code: "QUIET" });
    const inviter = await signUpMember(t, "inviter@example.com");
    const { code } = await api.data(getReferralSummaryRoute, { auth: inviter.auth });

    // Qualified and claimed through the KOL code: 30 to the invitee, 100 to the KOL.
    const fan = await signUpMember(t, "fan@example.com");
    expect((await api.call(useReferralCodeRoute, { body: { code: "stars" }, auth: fan.auth })).status).toBe(200);
    await bindWalletDirectly(t.database.db, fan.userId, wallet(1), clock.now());
    expect((await api.call(claimKolRewardsRoute, { auth: kol.auth })).status).toBe(200);
    expect(await balanceOf(t.database.db, fan.userId)).toBe(30);

    // Refused: the wallet was bound to another account before.
    const earlier = await signUpMember(t, "earlier@example.com");
    await bindWalletDirectly(t.database.db, earlier.userId, wallet(2), clock.now());
    await unbindWalletOf(t.database.db, "earlier@example.com", "evm", clock.now());
    const reused = await signUpMember(t, "reused@example.com");
    expect((await api.call(useReferralCodeRoute, { body: { code }, auth: reused.auth })).status).toBe(200);
    await bindWalletDirectly(t.database.db, reused.userId, wallet(2), clock.now());

    // Pending: no wallet yet.
    const waiting = await signUpMember(t, "waiting@example.com");
    expect((await api.call(useReferralCodeRoute, { body: { code }, auth: waiting.auth })).status).toBe(200);
    // Settles the member code's invites (the refusal); the operator's read settles nothing.
    await api.call(getReferralSummaryRoute, { auth: inviter.auth });

    expect(await api.data(getOperatorInvitesRoute, { auth: operator.auth })).toEqual({
      funnel: { used: 3, bound_wallet: 2, qualified: 1, claimed: 1 },
      codes: [
        {
          code: "STARS",
          kind: "kol",
          owner_email: "kol@example.com",
          disabled: false,
          uses: 1,
          qualified: 1,
          pending: 0,
          refused: 0,
          refused_reasons: [],
          points_paid: 130,
        },
        {
          code: "QUIET",
          kind: "kol",
          owner_email: "kol@example.com",
          disabled: false,
          uses: 0,
          qualified: 0,
          pending: 0,
          refused: 0,
          refused_reasons: [],
          points_paid: 0,
        },
        {
          code,
          kind: "member",
          owner_email: "inviter@example.com",
          disabled: false,
          uses: 2,
          qualified: 0,
          pending: 1,
          refused: 1,
          refused_reasons: [{ reason: refusalReasons.walletBoundElsewhere, count: 1 }],
          points_paid: 0,
        },
      ],
      code_limit: 200,
    });

    // A pending invitee who holds a wallet (settled on a later read) has bound one already.
    await bindWalletDirectly(t.database.db, waiting.userId, wallet(3), clock.now());
    const later = await api.data(getOperatorInvitesRoute, { auth: operator.auth });
    expect(later.funnel).toEqual({ used: 3, bound_wallet: 3, qualified: 1, claimed: 1 });
  });
});
