import type { Fairness, PurchaseResult, ReferralSummary } from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fairnessSeeds, ownedBoxes } from "../../db/schema.js";
import { makeOperator, testActor } from "../../test/admin.js";
import { createTestApp, postJson, readData, testClock, unlimitedLimiter } from "../../test/app.js";
import { grantTestPoints, signUpMember } from "../../test/members.js";
import { kolAdmin } from "../referrals/admin.js";

// The limits themselves, counted by the database limiter as in production without Redis.
const clock = testClock(new Date());
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.dispose());

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
async function buyAll(member: Member, boxes: number): Promise<string[]> {
  const ids: string[] = [];
  for (let left = boxes; left > 0; left -= 10) {
    const res = await postJson(
      t.app,
      "/api/boxes/purchase",
      { box_id: "star", quantity: Math.min(10, left) },
      member.auth,
    );
    ids.push(...(await readData<PurchaseResult>(res)).owned_box_ids);
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
    const inviterCode = (
      await readData<ReferralSummary>(await t.app.request("/api/refer_code", { headers: inviter.auth }))
    ).code;
    expect(
      (
        await postJson(
          t.app,
          "/api/refer_code/use",
          {
            code: (
              await readData<ReferralSummary>(await t.app.request("/api/refer_code", { headers: guesser.auth }))
            ).code,
          },
          inviter.auth,
        )
      ).status,
    ).toBe(200);

    // An unknown code, a disabled one and the code of someone the guesser invited: one answer.
    const unknown = await errorOf(await postJson(t.app, "/api/refer_code/use", { code: "NOSUCHCD" }, guesser.auth));
    const disabled = await errorOf(await postJson(t.app, "/api/refer_code/use", { code: "CLOSED" }, guesser.auth));
    const looping = await errorOf(await postJson(t.app, "/api/refer_code/use", { code: inviterCode }, guesser.auth));
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
    expect((await postJson(t.app, "/api/refer_code/use", { code: inviterCode }, joined.auth)).status).toBe(200);
    for (const code of ["NOSUCHCD", "CLOSED"]) {
      expect(await errorOf(await postJson(t.app, "/api/refer_code/use", { code }, joined.auth))).toMatchObject({
        status: 409,
        code: "referral_already_used",
      });
    }

    // Seven more guesses (ten in all), then 429 for an hour.
    for (let i = 0; i < 7; i++) {
      expect((await postJson(t.app, "/api/refer_code/use", { code: `GUESS${i}00` }, guesser.auth)).status).toBe(404);
    }
    const refused = await errorOf(await postJson(t.app, "/api/refer_code/use", { code: "GUESS999" }, guesser.auth));
    expect(refused).toMatchObject({ status: 429, code: "too_many_requests" });
    expect(refused.retry_after).toBeGreaterThan(59 * 60);
    clock.advance(60 * 60 * 1000);
    expect((await postJson(t.app, "/api/refer_code/use", { code: "GUESS999" }, guesser.auth)).status).toBe(404);
  }, 120_000);

  it("finding 5: box purchases (30 a minute), openings (60 a minute) and seed rotations (20 a day)", async () => {
    const buyer = await memberWith(30 * 100);
    const bought = await untilRefused(
      () => postJson(t.app, "/api/boxes/purchase", { box_id: "star", quantity: 1 }, buyer.auth),
      40,
    );
    expect(bought.passed).toBe(30);
    expect(bought.refusal).toMatchObject({ status: 429, code: "too_many_requests" });
    clock.advance(60_000);

    const opener = await memberWith(30 * 70);
    const ids = await buyAll(opener, 70);
    let next = 0;
    const opened = await untilRefused(
      () => postJson(t.app, "/api/boxes/open", { owned_box_id: ids[next++] }, opener.auth),
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
    const rotated = await untilRefused(() => postJson(t.app, "/api/boxes/fairness/rotate", {}, rotator.auth), 25);
    expect(rotated.passed).toBe(20);
    expect(rotated.refusal?.message).toMatch(/20 times a day/);
    const seeds = await t.database.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, rotator.userId));
    expect(seeds).toHaveLength(21);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await postJson(t.app, "/api/boxes/fairness/rotate", {}, rotator.auth)).status).toBe(200);
  }, 120_000);

  it("finding 5: tasks/consume (30 a minute) and operator exports (10 per 10 minutes)", async () => {
    const member = await memberWith(0);
    const checked = await untilRefused(() => t.app.request("/api/tasks/consume", { headers: member.auth }), 35);
    expect(checked.passed).toBe(30);
    clock.advance(60_000);
    expect((await t.app.request("/api/tasks/consume", { headers: member.auth })).status).toBe(200);

    const operator = await memberWith(0);
    await makeOperator(t.database.db, operator.email);
    const exported = await untilRefused(
      () => t.app.request("/api/operator/exports/members.csv", { headers: operator.auth }),
      12,
    );
    expect(exported.passed).toBe(10);
  }, 120_000);
});

describe("finding 6: one member's rotations and openings at once", () => {
  it("finding 6: 30 rotations and 10 openings fired together all answer 200, with one current seed", async () => {
    const app = await createTestApp({ now: clock.now, limiter: unlimitedLimiter() });
    try {
      const member = await signUpMember(app, "serialised@example.com");
      await grantTestPoints(app.database.db, member.userId, 300, clock.now());
      const { owned_box_ids } = await readData<PurchaseResult>(
        await postJson(app.app, "/api/boxes/purchase", { box_id: "star", quantity: 10 }, member.auth),
      );
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, () => postJson(app.app, "/api/boxes/fairness/rotate", {}, member.auth)),
        ...owned_box_ids.map((id) => postJson(app.app, "/api/boxes/open", { owned_box_id: id }, member.auth)),
      ]);
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
      const seeds = await app.database.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, member.userId));
      expect(seeds.filter((seed) => seed.rotatedAt === null)).toHaveLength(1);
      expect(seeds).toHaveLength(31);
      const fairness = await readData<Fairness>(await app.app.request("/api/boxes/fairness", { headers: member.auth }));
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
