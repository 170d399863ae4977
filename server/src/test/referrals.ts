import {
  bindEvmWalletRoute,
  type ClaimResult,
  type claimKolRewardsRoute,
  claimReferralRewardsRoute,
  getReferralSummaryRoute,
  issueWalletNonceRoute,
  type ReferralSummary,
  useReferralCodeRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect } from "vitest";
import { referralUses } from "../db/schema.js";
import { apiClient } from "./api-client.js";
import { createTestApp, economyQualifyingOn, testClock, unlimitedLimiter } from "./app.js";
import { signUpMember } from "./members.js";
import { bindingSiweMessage } from "./wallets.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type ReferralMember = Awaited<ReturnType<typeof signUpMember>> & { email: string };

/**
 * A test file's app qualifying invites on a wallet binding (the shortest path; the shipped default
 * is the first check-in), created before its tests and disposed after, and what referral tests call
 * through the typed client. Helpers take another app where a test runs one with another economy.
 */
export function referralTestApp(prefix: string) {
  const clock = testClock(new Date());
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({
      now: clock.now,
      limiter: unlimitedLimiter(),
      economy: economyQualifyingOn("wallet_bound"),
    });
  });
  afterAll(() => app?.dispose());
  const t = (): TestApp => {
    if (!app) throw new Error("the referral test app is not created yet");
    return app;
  };

  let members = 0;
  return {
    clock,
    t,
    async newMember(on: TestApp = t()): Promise<ReferralMember> {
      members += 1;
      const email = `${prefix}-${members}@example.com`;
      return { ...(await signUpMember(on, email)), email };
    },
    summary(member: ReferralMember, on: TestApp = t()): Promise<ReferralSummary> {
      return apiClient(on.app).data(getReferralSummaryRoute, { auth: member.auth });
    },
    use(member: ReferralMember, code: string, on: TestApp = t()) {
      return apiClient(on.app).call(useReferralCodeRoute, { body: { code }, auth: member.auth });
    },
    readUse(member: ReferralMember, code: string, on: TestApp = t()) {
      return apiClient(on.app).data(useReferralCodeRoute, { body: { code }, auth: member.auth });
    },
    claim(
      member: ReferralMember,
      route: typeof claimReferralRewardsRoute | typeof claimKolRewardsRoute = claimReferralRewardsRoute,
    ): Promise<ClaimResult> {
      return apiClient(t().app).data(route, { auth: member.auth });
    },
    /** Binds a fresh EVM wallet the way the web does: a signed Sign-In with Ethereum message. */
    async bindWalletBySigning(member: ReferralMember, key = generatePrivateKey()) {
      const account = privateKeyToAccount(key);
      const { nonce } = await apiClient(t().app).data(issueWalletNonceRoute, { auth: member.auth });
      const message = bindingSiweMessage(clock.now(), account.address, nonce);
      const signature = await account.signMessage({ message });
      const res = await apiClient(t().app).call(bindEvmWalletRoute, {
        body: { address: account.address, message, signature },
        auth: member.auth,
      });
      expect(res.status).toBe(200);
      return account.address;
    },
    usesOf(userId: string) {
      return t().database.db.select().from(referralUses).where(eq(referralUses.inviteeId, userId));
    },
  };
}
