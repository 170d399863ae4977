import { openBoxRoute, purchaseBoxesRoute } from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { ledgerEntries, ownedBoxes } from "../db/schema.js";
import { type Economy, loadEconomy } from "../economy.js";
import { apiClient, errorCode } from "./api-client.js";
import { createTestApp, testClock } from "./app.js";
import { grantTestPoints, signUpMember } from "./members.js";

const moonRewards = [
  { kind: "points" as const, amount: 20, weight: 600 },
  { kind: "points" as const, amount: 150, weight: 300 },
  { kind: "box" as const, box: "sun", weight: 90 },
  { kind: "allowlist" as const, weight: 10 },
];

/** Four boxes: mostly points (moon), five in the world (sun), always a sun (comet), always a place (gem). */
export const boxEconomy: Economy = {
  ...loadEconomy(),
  boxes: [
    {
      id: "moon",
      name: "Moon Box",
      description: "Mostly points.",
      price: 50,
      supply: 1000,
      perMemberLimit: 20,
      rewards: moonRewards,
    },
    {
      id: "sun",
      name: "Sun Box",
      description: "Five in the world.",
      price: 100,
      supply: 5,
      perMemberLimit: null,
      rewards: [{ kind: "points", amount: 100, weight: 1 }],
    },
    {
      id: "comet",
      name: "Comet Box",
      description: "Always a Sun Box; three per member.",
      price: 10,
      supply: null,
      perMemberLimit: 3,
      rewards: [{ kind: "box", box: "sun", weight: 1 }],
    },
    {
      id: "gem",
      name: "Gem Box",
      description: "Always an allowlist place.",
      price: 10,
      supply: null,
      perMemberLimit: null,
      rewards: [{ kind: "allowlist", weight: 1 }],
    },
  ],
};

/** The status and error code of an answer: `[200, undefined]` for a success. */
export async function refusal(res: Response): Promise<[number, string | undefined]> {
  return [res.status, await errorCode(res)];
}

/**
 * A test file's app with the box economy (created before its tests, disposed after) and what box
 * tests call: members with points, purchases and openings through the typed client, ledger sums.
 */
export function boxTestApp(prefix: string) {
  const clock = testClock();
  let app: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    app = await createTestApp({ now: clock.now, economy: boxEconomy });
  });
  afterAll(() => app?.dispose());
  const t = () => {
    if (!app) throw new Error("the box test app is not created yet");
    return app;
  };
  const api = () => apiClient(t().app);

  let members = 0;
  async function memberWith(points: number) {
    members += 1;
    const email = `${prefix}-${members}@example.com`;
    const member = await signUpMember(t(), email);
    if (points > 0) {
      await grantTestPoints(t().database.db, member.userId, points, clock.now());
      clock.advance(1000);
    }
    return { ...member, email };
  }
  type Member = Awaited<ReturnType<typeof memberWith>>;

  return {
    clock,
    t,
    api,
    memberWith,
    buy(member: Member, body: { box_id: string; quantity: number }, headers: Record<string, string> = {}) {
      return api().call(purchaseBoxesRoute, { body, headers, auth: member.auth });
    },
    purchase(member: Member, body: { box_id: string; quantity: number }, headers: Record<string, string> = {}) {
      return api().data(purchaseBoxesRoute, { body, headers, auth: member.auth });
    },
    open(member: Member, ownedBoxId: string) {
      return api().call(openBoxRoute, { body: { owned_box_id: ownedBoxId }, auth: member.auth });
    },
    openBox(member: Member, ownedBoxId: string) {
      return api().data(openBoxRoute, { body: { owned_box_id: ownedBoxId }, auth: member.auth });
    },
    async ledgerSum(userId: string): Promise<number> {
      const [row] = await t()
        .database.db.select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      return Number(row?.sum ?? 0);
    },
    async ownedCount(userId: string): Promise<number> {
      return (await t().database.db.select().from(ownedBoxes).where(eq(ownedBoxes.userId, userId))).length;
    },
  };
}
