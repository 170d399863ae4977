import {
  consumeTasksRoute,
  exportMembersRoute,
  getBoxFairnessRoute,
  getReferralSummaryRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
  useReferralCodeRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairnessSeeds, ownedBoxes } from "../../db/schema.js";
import { makeOperator, testActor } from "../../test/admin.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp, testClock, unlimitedLimiter } from "../../test/app.js";
import { grantTestPoints, signUpMember } from "../../test/members.js";
import { kolAdmin } from "../referrals/admin.js";

// The limits themselves, counted by the database limiter as in production without Redis.
const clock = testClock(new Date());
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

type Member = Awaited<ReturnType<typeof signUpMember>>;
let members = 0;
async function memberWith(points: number, app = t): Promise<Member & { email: string }> {
  const email = `limits-${++members}@example.com`;
  const member = await signUpMember(app, email);
  if (points > 0) await grantTestPoints(app.database.db, member.userId, points, clock.now());
  return { ...member, email };
}
async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string; retry_after?: number } };
  return { status: res.status, ...body.error };
}
/** Sends `request` one at a time until one is refused; the number that went through, and the refusal. */
async function untilRefused(request: () => Response | Promise<Response>, most: number) {
  for (let passed = 0; passed <= most; passed++) {
    const res = await request();
    if (res.status === 429) return { passed, refusal: await errorOf(res) };
    expect(res.status, await res.text()).toBe(200);
  }
  return { passed: most + 1, refusal: null };
}
function use(member: Member, code: string) {
  return api.call(useReferralCodeRoute, { body: { code }, auth: member.auth });
}
async function buyAll(member: Member, boxes: number): Promise<string[]> {
  const ids: string[] = [];
  for (let left = boxes; left > 0; left -= 10) {
    const bought = await api.data(purchaseBoxesRoute, {
      body: { box_id: "star", quantity: Math.min(10, left) },
      headers: {},
      auth: member.auth,
    });
    ids.push(...bought.owned_box_ids);
  }
  return ids;
}

describe("finding 5: per-member limits", () => {
  it("finding 5: refer_code/use allows 10 tries an hour, and tells no one whether a code exists", async () => {
    const kol = await memberWith(0);
    await kolAdmin(t.database.db, testActor, clock.now).add(kol.email, { code: "CLOSED" });
    await kolAdmin(t.database.db, testActor, clock.now).disable("CLOSED");
    const inviter = await memberWith(0);
    const guesser = await memberWith(0);
    const inviterCode = (await api.data(getReferralSummaryRoute, { auth: inviter.auth })).code;
    const guesserCode = (await api.data(getReferralSummaryRoute, { auth: guesser.auth })).code;
    expect((await use(inviter, guesserCode)).status).toBe(200);

    // An unknown code, a disabled one and the code of someone the guesser invited: one answer.
    const unknown = await errorOf(await use(guesser, "NOSUCHCD"));
    const disabled = await errorOf(await use(guesser, "CLOSED"));
    const looping = await errorOf(await use(guesser, inviterCode));
    const shape = (answer: typeof unknown, code: string) => ({ ...answer, message: answer.message.replace(code, "X") });
    expect(shape(unknown, "NOSUCHCD")).toEqual({
      status: 404,
      code: "not_found",
      message: "There is no code X you can use.",
    });
    expect(shape(disabled, "CLOSED")).toEqual(shape(unknown, "NOSUCHCD"));
    expect(shape(looping, inviterCode)).toEqual(shape(unknown, "NOSUCHCD"));

    // A member who already used a code hears so, whether the code they try exists or not.
    const joined = await memberWith(0);
    expect((await use(joined, inviterCode)).status).toBe(200);
    for (const code of ["NOSUCHCD", "CLOSED"]) {
      expect(await errorOf(await use(joined, code))).toMatchObject({
        status: 409,
        code: "referral_already_used",
      });
    }

    // Seven more guesses (ten in all), then 429 for an hour.
    for (let i = 0; i < 7; i++) {
      expect((await use(guesser, `GUESS${i}00`)).status).toBe(404);
    }
    const refused = await errorOf(await use(guesser, "GUESS999"));
    expect(refused).toMatchObject({ status: 429, code: "too_many_requests" });
    expect(refused.retry_after).toBeGreaterThan(59 * 60);
    clock.advance(60 * 60 * 1000);
    expect((await use(guesser, "GUESS999")).status).toBe(404);
  }, 120_000);

  it("finding 5: box purchases (30 a minute), openings (60 a minute) and seed rotations (20 a day)", async () => {
    const buyer = await memberWith(30 * 100);
    const bought = await untilRefused(
      () => api.call(purchaseBoxesRoute, { body: { box_id: "star", quantity: 1 }, headers: {}, auth: buyer.auth }),
      40,
    );
    expect(bought.passed).toBe(30);
    expect(bought.refusal).toMatchObject({ status: 429, code: "too_many_requests" });
    clock.advance(60_000);

    const opener = await memberWith(30 * 70);
    const ids = await buyAll(opener, 70);
    let next = 0;
    const opened = await untilRefused(
      () => api.call(openBoxRoute, { body: { owned_box_id: ids[next++] as string }, auth: opener.auth }),
      65,
    );
    expect(opened.passed).toBe(60);
    expect(opened.refusal).toMatchObject({ status: 429, code: "too_many_requests" });
    const stillUnopened = await t.database.db
      .select()
      .from(ownedBoxes)
      .where(eq(ownedBoxes.id, ids[60] as string));
    expect(stillUnopened[0]?.openedAt).toBeNull();

    const rotator = await memberWith(0);
    const rotated = await untilRefused(() => api.call(rotateBoxSeedRoute, { body: {}, auth: rotator.auth }), 25);
    expect(rotated.passed).toBe(20);
    expect(rotated.refusal?.message).toMatch(/20 times a day/);
    const seeds = await t.database.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, rotator.userId));
    expect(seeds).toHaveLength(21);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await api.call(rotateBoxSeedRoute, { body: {}, auth: rotator.auth })).status).toBe(200);
  }, 120_000);

  it("finding 5: tasks/consume (30 a minute) and operator exports (10 per 10 minutes)", async () => {
    const member = await memberWith(0);
    const checked = await untilRefused(() => api.call(consumeTasksRoute, { auth: member.auth }), 35);
    expect(checked.passed).toBe(30);
    clock.advance(60_000);
    expect((await api.call(consumeTasksRoute, { auth: member.auth })).status).toBe(200);

    const operator = await memberWith(0);
    await makeOperator(t.database.db, operator.email);
    const exported = await untilRefused(() => api.call(exportMembersRoute, { auth: operator.auth }), 12);
    expect(exported.passed).toBe(10);
  }, 120_000);
});

describe("finding 6: one member's rotations and openings at once", () => {
  it("finding 6: 30 rotations and 10 openings fired together all answer 200, with one current seed", async () => {
    const app = await createTestApp({ now: clock.now, limiter: unlimitedLimiter() });
    try {
      const member = await signUpMember(app, "serialised@example.com");
      await grantTestPoints(app.database.db, member.userId, 300, clock.now());
      const appApi = apiClient(app.app);
      const auth = member.auth;
      const { owned_box_ids } = await appApi.data(purchaseBoxesRoute, {
        body: { box_id: "star", quantity: 10 },
        headers: {},
        auth,
      });
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, () => appApi.call(rotateBoxSeedRoute, { body: {}, auth })),
        ...owned_box_ids.map((id) => appApi.call(openBoxRoute, { body: { owned_box_id: id }, auth })),
      ]);
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
      const seeds = await app.database.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, member.userId));
      expect(seeds.filter((seed) => seed.rotatedAt === null)).toHaveLength(1);
      expect(seeds).toHaveLength(31);
      const fairness = await appApi.data(getBoxFairnessRoute, { auth });
      const proofs = fairness.revealed.reduce(
        (sum, seed) => sum + (seed.last_nonce === null ? 0 : seed.last_nonce + 1),
        0,
      );
      expect(proofs + fairness.next_nonce).toBe(10);
    } finally {
      await app.dispose();
    }
  }, 120_000);
});
