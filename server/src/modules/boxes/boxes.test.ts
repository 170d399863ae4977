import {
  drawReward,
  type Fairness,
  type LootboxSummary,
  type MarketBox,
  type MyBoxes,
  type OpenResult,
  type PurchaseResult,
  serverSeedHash,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boxPurchases, ledgerEntries, ownedBoxes } from "../../db/schema.js";
import { type Economy, loadEconomy } from "../../economy.js";
import { createTestApp, postJson, readData, testClock } from "../../test/app.js";
import { balanceOf, signUpMember } from "../../test/members.js";
import { grantPoints } from "../ledger/api.js";
import { listAllowlist } from "../passes/admin.js";
import { boxesReport } from "./reports.js";
import { createBoxService } from "./service.js";

const moonRewards = [
  { kind: "points" as const, amount: 20, weight: 600 },
  { kind: "points" as const, amount: 150, weight: 300 },
  { kind: "box" as const, box: "sun", weight: 90 },
  { kind: "allowlist" as const, weight: 10 },
];
const economy: Economy = {
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

const clock = testClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, economy });
});
afterAll(() => t.dispose());

let members = 0;
async function memberWith(points: number) {
  members += 1;
  const member = await signUpMember(t, `boxes-${members}@example.com`);
  if (points > 0) {
    await grantPoints(t.database.db, {
      userId: member.userId,
      kind: "test_grant",
      amount: points,
      reference: member.userId,
      at: clock.now(),
    });
    clock.advance(1000);
  }
  return member;
}
type Member = Awaited<ReturnType<typeof memberWith>>;

async function buy(member: Member, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return postJson(t.app, "/api/boxes/purchase", body, { ...member.auth, ...headers });
}
async function open(member: Member, ownedBoxId: string): Promise<Response> {
  return postJson(t.app, "/api/boxes/open", { owned_box_id: ownedBoxId }, member.auth);
}
async function get<T>(path: string, member?: Member): Promise<T> {
  return readData<T>(await t.app.request(`/api${path}`, { headers: member?.auth ?? {} }));
}
async function errorCode(res: Response): Promise<[number, string | undefined]> {
  const body = (await res.json()) as { error?: { code: string } };
  return [res.status, body.error?.code];
}
async function ledgerSum(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row?.sum ?? 0);
}
async function ownedCount(userId: string): Promise<number> {
  return (await t.database.db.select().from(ownedBoxes).where(eq(ownedBoxes.userId, userId))).length;
}

describe("the market", () => {
  it("lists every box with price, supply left, limit and exact odds, before sign-in", async () => {
    const market = await get<MarketBox[]>("/boxes");
    expect(market.map((box) => box.id)).toEqual(["moon", "sun", "comet", "gem"]);
    const moon = market[0];
    expect(moon).toMatchObject({ price: 50, supply: 1000, supply_left: 1000, per_member_limit: 20, odds_version: 1 });
    expect(moon?.odds).toEqual([
      { reward: { kind: "points", amount: 20 }, weight: 600, probability: 0.6 },
      { reward: { kind: "points", amount: 150 }, weight: 300, probability: 0.3 },
      { reward: { kind: "box", box_id: "sun" }, weight: 90, probability: 0.09 },
      { reward: { kind: "allowlist" }, weight: 10, probability: 0.01 },
    ]);
    expect(market[2]).toMatchObject({ supply: null, supply_left: null, per_member_limit: 3 });
  });

  it("publishes each box's results per odds version, 404s an unknown box and refuses a malformed id", async () => {
    const results = await readData<{ versions: Array<{ odds_version: number; total: number }> }>(
      await t.app.request("/api/boxes/moon/results"),
    );
    expect(results.versions[0]).toMatchObject({ odds_version: 1 });
    expect(await errorCode(await t.app.request("/api/boxes/nope/results"))).toEqual([404, "not_found"]);
    // Found by the reliability suite's fuzzing: a NUL byte reached PostgreSQL and answered 500.
    expect(await errorCode(await t.app.request("/api/boxes/%00/results"))).toEqual([400, "bad_request"]);
    expect(await errorCode(await t.app.request("/api/boxes/Moon/results"))).toEqual([400, "bad_request"]);
  });
});

describe("buying and opening", () => {
  it("spends price × quantity through the ledger and hands over the boxes", async () => {
    const member = await memberWith(120);
    const bought = await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 2 }));
    expect(bought).toMatchObject({ box_id: "moon", quantity: 2, spent: 100, pts: 20 });
    expect(bought.owned_box_ids).toHaveLength(2);
    expect(await balanceOf(t.database.db, member.userId)).toBe(20);
    expect(await ledgerSum(member.userId)).toBe(20);
    const mine = await get<MyBoxes>("/boxes/mine", member);
    expect(mine.unopened.map((box) => box.id).sort()).toEqual([...bought.owned_box_ids].sort());
    expect(mine.unopened[0]).toMatchObject({ box_id: "moon", name: "Moon Box", source: "purchase" });
    const history = await get<{ items: Array<{ kind: string; label: string; amount: number }> }>("/assets", member);
    expect(history.items[0]).toMatchObject({ kind: "box_purchase", label: "Moon Box × 2", amount: -100 });
    const market = await get<MarketBox[]>("/boxes");
    expect(market[0]?.supply_left).toBe(998);
  });

  it("opens a box with a reward anyone can recompute from the revealed seed", async () => {
    const member = await memberWith(50);
    const before = await get<Fairness>("/boxes/fairness", member);
    expect(before.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.next_nonce).toBe(0);
    const [ownedBoxId] = (await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 1 })))
      .owned_box_ids;
    const opened = await readData<OpenResult>(await open(member, ownedBoxId as string));
    expect(opened.proof).toEqual({
      server_seed_hash: before.server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    expect(opened.pts).toBe(await balanceOf(t.database.db, member.userId));
    expect(opened.pts).toBe(await ledgerSum(member.userId));

    const mineBefore = await get<MyBoxes>("/boxes/mine", member);
    // The bought box is opened; a box reward (a chance draw) is the only box left unopened.
    expect(mineBefore.unopened.filter((box) => box.source === "purchase")).toEqual([]);
    expect(mineBefore.opened[0]?.proof.server_seed).toBeNull();

    const rotated = await readData<Fairness>(await postJson(t.app, "/api/boxes/fairness/rotate", {}, member.auth));
    expect(rotated.server_seed_hash).not.toBe(before.server_seed_hash);
    expect(rotated.next_nonce).toBe(0);
    expect(rotated.client_seed).toBe(before.client_seed);
    const revealed = rotated.revealed[0];
    expect(revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, first_nonce: 0, last_nonce: 0 });
    expect(await serverSeedHash(revealed?.server_seed as string)).toBe(before.server_seed_hash);

    const [past] = (await get<MyBoxes>("/boxes/mine", member)).opened;
    expect(past?.proof.server_seed).toBe(revealed?.server_seed);
    const draw = await drawReward(past?.odds ?? [], {
      serverSeed: past?.proof.server_seed as string,
      clientSeed: past?.proof.client_seed as string,
      nonce: past?.proof.nonce as number,
    });
    expect(past?.odds[draw.index]?.reward).toEqual(opened.reward);
    expect(past?.reward).toEqual(opened.reward);
  });

  it("credits each kind of reward: points to the ledger, a box to the member's boxes, an allowlist place", async () => {
    const member = await memberWith(20);
    const email = `boxes-${members}@example.com`;
    const comet = await readData<PurchaseResult>(await buy(member, { box_id: "comet", quantity: 1 }));
    const wonBox = await readData<OpenResult>(await open(member, comet.owned_box_ids[0] as string));
    expect(wonBox.reward).toEqual({ kind: "box", box_id: "sun" });
    const mine = await get<MyBoxes>("/boxes/mine", member);
    expect(mine.unopened).toEqual([
      expect.objectContaining({ id: wonBox.reward_owned_box_id, box_id: "sun", source: "reward" }),
    ]);
    const sun = await readData<OpenResult>(await open(member, wonBox.reward_owned_box_id as string));
    expect(sun.reward).toEqual({ kind: "points", amount: 100 });
    expect(sun.pts).toBe(110);
    const history = await get<{ items: Array<{ kind: string; label: string; amount: number }> }>("/assets", member);
    expect(history.items[0]).toMatchObject({ kind: "box_reward", label: "Sun Box: 100 points", amount: 100 });

    const gem = await readData<PurchaseResult>(await buy(member, { box_id: "gem", quantity: 1 }));
    const place = await readData<OpenResult>(await open(member, gem.owned_box_ids[0] as string));
    expect(place.reward).toEqual({ kind: "allowlist" });
    expect((await listAllowlist(t.database.db)).map((row) => row.entry)).toContain(email);
    expect(await balanceOf(t.database.db, member.userId)).toBe(await ledgerSum(member.userId));
  });

  it("refuses a purchase beyond the balance, the member's limit or the supply, writing nothing", async () => {
    const poor = await memberWith(40);
    expect(await errorCode(await buy(poor, { box_id: "moon", quantity: 1 }))).toEqual([409, "insufficient_points"]);
    const limited = await memberWith(100);
    await readData(await buy(limited, { box_id: "comet", quantity: 2 }));
    expect(await errorCode(await buy(limited, { box_id: "comet", quantity: 2 }))).toEqual([409, "limit_reached"]);
    await readData(await buy(limited, { box_id: "comet", quantity: 1 }));
    expect(await errorCode(await buy(limited, { box_id: "comet", quantity: 1 }))).toEqual([409, "limit_reached"]);
    expect(await balanceOf(t.database.db, limited.userId)).toBe(70);
    const summary = await get<LootboxSummary>("/nft/lootbox", limited);
    expect(summary.limits.find((limit) => limit.box_id === "comet")).toEqual({
      box_id: "comet",
      per_member_limit: 3,
      bought: 3,
      left: 0,
    });
    expect(summary.unopened).toEqual([{ box_id: "comet", name: "Comet Box", count: 3 }]);
    const rich = await memberWith(2000);
    expect(await errorCode(await buy(rich, { box_id: "sun", quantity: 6 }))).toEqual([409, "sold_out"]);
    expect(await errorCode(await buy(poor, { box_id: "unknown", quantity: 1 }))).toEqual([404, "not_found"]);
    expect(await balanceOf(t.database.db, rich.userId)).toBe(2000);
    expect(await ownedCount(rich.userId)).toBe(0);
    expect(await ownedCount(poor.userId)).toBe(0);
  });

  it("answers a retried purchase with the same Idempotency-Key once, and refuses the key for another purchase", async () => {
    const member = await memberWith(500);
    const headers = { "idempotency-key": "retry-1" };
    const first = await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 3 }, headers));
    const again = await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 3 }, headers));
    expect(again).toEqual(first);
    expect(await balanceOf(t.database.db, member.userId)).toBe(350);
    expect(await errorCode(await buy(member, { box_id: "moon", quantity: 1 }, headers))).toEqual([
      409,
      "idempotency_key_reused",
    ]);
    // Another member's identical key is theirs alone.
    const other = await memberWith(50);
    expect((await readData<PurchaseResult>(await buy(other, { box_id: "moon", quantity: 1 }, headers))).spent).toBe(50);
  });

  it("opens a box with the odds version it was bought under, and reports every version", async () => {
    const member = await memberWith(100);
    const bought = await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 1 }));
    // The operator changes the odds: every remaining reward becomes 999 points.
    const changed = createBoxService({
      db: t.database.db,
      economy: {
        ...economy,
        boxes: economy.boxes.map((box) =>
          box.id === "moon" ? { ...box, rewards: [{ kind: "points" as const, amount: 999, weight: 1 }] } : box,
        ),
      },
      now: clock.now,
      limiter: t.limiter,
    });
    const market = await changed.market();
    expect(market[0]?.odds_version).toBe(2);
    const opened = await changed.open(
      { uid: member.userId, email: "x@example.com" },
      bought.owned_box_ids[0] as string,
    );
    expect(opened.reward).not.toEqual({ kind: "points", amount: 999 });
    const results = await changed.results("moon");
    expect(results.versions.map((version) => version.odds_version)).toEqual([2, 1]);
    const v1 = results.versions[1];
    expect(v1?.rewards.map((reward) => reward.probability)).toEqual([0.6, 0.3, 0.09, 0.01]);
    expect(v1?.total).toBeGreaterThan(0);
    expect(v1?.rewards.reduce((sum, reward) => sum + reward.count, 0)).toBe(v1?.total);
  });

  it("pages opened boxes newest first with a cursor", async () => {
    const member = await memberWith(250);
    const bought = await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 5 }));
    for (const id of bought.owned_box_ids) {
      clock.advance(1000);
      await readData(await open(member, id));
    }
    const first = await get<MyBoxes>("/boxes/mine?per_page=3", member);
    expect(first.opened).toHaveLength(3);
    const second = await get<MyBoxes>(`/boxes/mine?per_page=3&cursor=${first.next_cursor}`, member);
    expect(second.opened).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect([...first.opened, ...second.opened].map((box) => box.proof.nonce)).toEqual([4, 3, 2, 1, 0]);
  });
});

describe("bad input", () => {
  it("refuses wrong purchase bodies with 400 bad_request and writes nothing", async () => {
    const member = await memberWith(1000);
    for (const body of [
      { box_id: "moon", quantity: 0 },
      { box_id: "moon", quantity: 11 },
      { box_id: "moon", quantity: 1.5 },
      { box_id: "moon", quantity: "2" },
      { box_id: 7, quantity: 1 },
      { box_id: "moon" },
      {},
    ]) {
      expect(await errorCode(await buy(member, body))).toEqual([400, "bad_request"]);
    }
    expect(await errorCode(await buy(member, { box_id: "moon", quantity: 1 }, { "idempotency-key": "é" }))).toEqual([
      400,
      "bad_request",
    ]);
    expect(await balanceOf(t.database.db, member.userId)).toBe(1000);
    expect(await ownedCount(member.userId)).toBe(0);
    const purchases = await t.database.db.select().from(boxPurchases).where(eq(boxPurchases.userId, member.userId));
    expect(purchases).toEqual([]);
  });

  it("refuses opening someone else's box, an unknown or malformed id, or an opened box", async () => {
    const owner = await memberWith(50);
    const stranger = await memberWith(0);
    const [id] = (await readData<PurchaseResult>(await buy(owner, { box_id: "moon", quantity: 1 }))).owned_box_ids;
    expect(await errorCode(await open(stranger, id as string))).toEqual([404, "not_found"]);
    expect(await errorCode(await open(owner, "00000000-0000-4000-8000-000000000000"))).toEqual([404, "not_found"]);
    for (const body of [{ owned_box_id: "abc" }, { owned_box_id: 5 }, {}]) {
      expect(await errorCode(await postJson(t.app, "/api/boxes/open", body, owner.auth))).toEqual([400, "bad_request"]);
    }
    await readData(await open(owner, id as string));
    expect(await errorCode(await open(owner, id as string))).toEqual([409, "already_opened"]);
    expect((await get<Fairness>("/boxes/fairness", stranger)).next_nonce).toBe(0);
  });

  it("refuses a client seed that is empty, too long or not printable, and bad paging", async () => {
    const member = await memberWith(0);
    const before = await get<Fairness>("/boxes/fairness", member);
    for (const client_seed of ["", "x".repeat(65), "tab\there", 42]) {
      const res = await postJson(t.app, "/api/boxes/fairness/rotate", { client_seed }, member.auth);
      expect(await errorCode(res)).toEqual([400, "bad_request"]);
    }
    expect((await get<Fairness>("/boxes/fairness", member)).server_seed_hash).toBe(before.server_seed_hash);
    const chosen = await readData<Fairness>(
      await postJson(t.app, "/api/boxes/fairness/rotate", { client_seed: "my own seed!" }, member.auth),
    );
    expect(chosen).toMatchObject({ client_seed: "my own seed!", client_seed_chosen: true });
    for (const query of ["?per_page=0", "?per_page=abc", "?cursor=forged"]) {
      expect(await errorCode(await t.app.request(`/api/boxes/mine${query}`, { headers: member.auth }))).toEqual([
        400,
        "bad_request",
      ]);
    }
  });

  it("needs a session for every member route", async () => {
    for (const path of ["/boxes/mine", "/boxes/fairness", "/nft/lootbox"]) {
      expect(await errorCode(await t.app.request(`/api${path}`))).toEqual([401, "unauthenticated"]);
    }
    const valid = {
      "/boxes/purchase": { box_id: "moon", quantity: 1 },
      "/boxes/open": { owned_box_id: "00000000-0000-4000-8000-000000000000" },
      "/boxes/fairness/rotate": {},
    };
    for (const [path, body] of Object.entries(valid)) {
      expect(await errorCode(await postJson(t.app, `/api${path}`, body))).toEqual([401, "unauthenticated"]);
    }
  });
});

describe("under concurrency", () => {
  it("a member with points for exactly N boxes firing 5N purchases gets exactly N, ending at 0", async () => {
    const n = 4;
    const member = await memberWith(50 * n);
    const answers = await Promise.all(
      Array.from({ length: 5 * n }, () => buy(member, { box_id: "moon", quantity: 1 }).then(errorCode)),
    );
    expect(answers.filter(([status]) => status === 200)).toHaveLength(n);
    expect(answers.filter(([, code]) => code === "insufficient_points")).toHaveLength(4 * n);
    expect(await balanceOf(t.database.db, member.userId)).toBe(0);
    expect(await ledgerSum(member.userId)).toBe(0);
    expect(await ownedCount(member.userId)).toBe(n);
  });

  it("a box with supply S bought by many members at once sells exactly S", async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => memberWith(100)));
    const answers = await Promise.all(
      buyers.map((buyer) => buy(buyer, { box_id: "sun", quantity: 1 }).then(errorCode)),
    );
    expect(answers.filter(([status]) => status === 200)).toHaveLength(5);
    expect(answers.filter(([, code]) => code === "sold_out")).toHaveLength(7);
    const owned = await t.database.db.select().from(ownedBoxes).where(eq(ownedBoxes.boxId, "sun"));
    expect(owned.filter((row) => row.source === "purchase")).toHaveLength(5);
    expect((await get<MarketBox[]>("/boxes")).find((box) => box.id === "sun")?.supply_left).toBe(0);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(t.database.db, buyer.userId)));
    expect(balances.filter((pts) => pts === 0)).toHaveLength(5);
    expect(balances.filter((pts) => pts === 100)).toHaveLength(7);
  });

  it("50 simultaneous opens of one box open it once and credit once", async () => {
    const member = await memberWith(50);
    const [id] = (await readData<PurchaseResult>(await buy(member, { box_id: "moon", quantity: 1 }))).owned_box_ids;
    const responses = await Promise.all(Array.from({ length: 50 }, () => open(member, id as string)));
    const opened = responses.filter((res) => res.status === 200);
    expect(opened).toHaveLength(1);
    const answers = await Promise.all(responses.filter((res) => res.status !== 200).map(errorCode));
    expect(answers).toEqual(Array.from({ length: 49 }, () => [409, "already_opened"]));
    const { reward } = await readData<OpenResult>(opened[0] as Response);
    const credits = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.userId} = ${member.userId} and ${ledgerEntries.kind} = 'box_reward'`);
    const won = await t.database.db
      .select()
      .from(ownedBoxes)
      .where(eq(ownedBoxes.wonIn, id as string));
    expect(credits).toHaveLength(reward.kind === "points" ? 1 : 0);
    expect(won).toHaveLength(reward.kind === "box" ? 1 : 0);
    expect((await get<Fairness>("/boxes/fairness", member)).next_nonce).toBe(1);
    expect(await balanceOf(t.database.db, member.userId)).toBe(await ledgerSum(member.userId));
  });

  it("retried purchases with one Idempotency-Key charge once and all answer the same purchase", async () => {
    const member = await memberWith(500);
    const headers = { "idempotency-key": "same-click" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(member, { box_id: "moon", quantity: 2 }, headers).then(readData<PurchaseResult>),
      ),
    );
    expect(new Set(answers.map((answer) => answer.purchase_id)).size).toBe(1);
    expect(await balanceOf(t.database.db, member.userId)).toBe(400);
    expect(await ownedCount(member.userId)).toBe(2);
  });
});

describe("the operator's report", () => {
  it("shows supply sold and left, and each reward's openings beside its stated odds", async () => {
    const report = await boxesReport(t.boxReports);
    expect(report).toContain("sun  Sun Box  100 points  sold 5, 0 left of 5, no limit per member");
    expect(report).toMatch(/moon {2}Moon Box {2}50 points {2}sold \d+, \d+ left of 1000, 20 per member/);
    expect(report).toMatch(/ {4}20 points +stated {2}60\.00% {2}seen +\d+ \(\d+\.\d\d%\)/);
    expect(report).toContain("A mint allowlist place");
  });
});
