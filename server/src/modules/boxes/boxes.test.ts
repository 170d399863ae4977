import {
  drawReward,
  getBoxFairnessRoute,
  getBoxMarketRoute,
  getBoxResultsRoute,
  getLootboxSummaryRoute,
  listMyBoxesRoute,
  listPointsHistoryRoute,
  rotateBoxSeedRoute,
  serverSeedHash,
} from "@arcana/protocol";
import { describe, expect, it } from "vitest";
import { boxEconomy, boxTestApp, refusal } from "../../test/boxes.js";
import { balanceOf } from "../../test/members.js";
import { listAllowlist } from "../passes/admin.js";
import { createBoxService } from "./service.js";

// The market, buying and opening; refusals, concurrency and the report are in boxes-refusals.test.ts.
const { clock, t, api, memberWith, buy, purchase, openBox, ledgerSum, ownedCount } = boxTestApp("boxes");

describe("the market", () => {
  it("lists every box with price, supply left, limit and exact odds, before sign-in", async () => {
    const market = await api().data(getBoxMarketRoute);
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
    const results = await api().data(getBoxResultsRoute, { params: { id: "moon" } });
    expect(results.versions[0]).toMatchObject({ odds_version: 1 });
    expect(await refusal(await api().call(getBoxResultsRoute, { params: { id: "nope" } }))).toEqual([404, "not_found"]);
    // Found by the reliability suite's fuzzing: a NUL byte reached PostgreSQL and answered 500.
    expect(await refusal(await api().call(getBoxResultsRoute, { params: { id: "\u0000" } }))).toEqual([
      400,
      "bad_request",
    ]);
    expect(await refusal(await api().call(getBoxResultsRoute, { params: { id: "Moon" } }))).toEqual([
      400,
      "bad_request",
    ]);
  });
});

describe("buying and opening", () => {
  it("spends price × quantity through the ledger and hands over the boxes", async () => {
    const member = await memberWith(120);
    const bought = await purchase(member, { box_id: "moon", quantity: 2 });
    expect(bought).toMatchObject({ box_id: "moon", quantity: 2, spent: 100, pts: 20 });
    expect(bought.owned_box_ids).toHaveLength(2);
    expect(await balanceOf(t().database.db, member.userId)).toBe(20);
    expect(await ledgerSum(member.userId)).toBe(20);
    const mine = await api().data(listMyBoxesRoute, { query: {}, auth: member.auth });
    expect(mine.unopened.map((box) => box.id).sort()).toEqual([...bought.owned_box_ids].sort());
    expect(mine.unopened[0]).toMatchObject({ box_id: "moon", name: "Moon Box", source: "purchase" });
    const history = await api().data(listPointsHistoryRoute, { query: {}, auth: member.auth });
    expect(history.items[0]).toMatchObject({ kind: "box_purchase", label: "Moon Box × 2", amount: -100 });
    const market = await api().data(getBoxMarketRoute);
    expect(market[0]?.supply_left).toBe(998);
  });

  it("opens a box with a reward anyone can recompute from the revealed seed", async () => {
    const member = await memberWith(50);
    const before = await api().data(getBoxFairnessRoute, { auth: member.auth });
    expect(before.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.next_nonce).toBe(0);
    const [ownedBoxId] = (await purchase(member, { box_id: "moon", quantity: 1 })).owned_box_ids;
    const opened = await openBox(member, ownedBoxId as string);
    expect(opened.proof).toEqual({
      server_seed_hash: before.server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    expect(opened.pts).toBe(await balanceOf(t().database.db, member.userId));
    expect(opened.pts).toBe(await ledgerSum(member.userId));

    const mineBefore = await api().data(listMyBoxesRoute, { query: {}, auth: member.auth });
    // The bought box is opened; a box reward (a chance draw) is the only box left unopened.
    expect(mineBefore.unopened.filter((box) => box.source === "purchase")).toEqual([]);
    expect(mineBefore.opened[0]?.proof.server_seed).toBeNull();

    const rotated = await api().data(rotateBoxSeedRoute, { body: {}, auth: member.auth });
    expect(rotated.server_seed_hash).not.toBe(before.server_seed_hash);
    expect(rotated.next_nonce).toBe(0);
    expect(rotated.client_seed).toBe(before.client_seed);
    const revealed = rotated.revealed[0];
    expect(revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, first_nonce: 0, last_nonce: 0 });
    expect(await serverSeedHash(revealed?.server_seed as string)).toBe(before.server_seed_hash);

    const [past] = (await api().data(listMyBoxesRoute, { query: {}, auth: member.auth })).opened;
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
    const comet = await purchase(member, { box_id: "comet", quantity: 1 });
    const wonBox = await openBox(member, comet.owned_box_ids[0] as string);
    expect(wonBox.reward).toEqual({ kind: "box", box_id: "sun" });
    const mine = await api().data(listMyBoxesRoute, { query: {}, auth: member.auth });
    expect(mine.unopened).toEqual([
      expect.objectContaining({ id: wonBox.reward_owned_box_id, box_id: "sun", source: "reward" }),
    ]);
    const sun = await openBox(member, wonBox.reward_owned_box_id as string);
    expect(sun.reward).toEqual({ kind: "points", amount: 100 });
    expect(sun.pts).toBe(110);
    const history = await api().data(listPointsHistoryRoute, { query: {}, auth: member.auth });
    expect(history.items[0]).toMatchObject({ kind: "box_reward", label: "Sun Box: 100 points", amount: 100 });

    const gem = await purchase(member, { box_id: "gem", quantity: 1 });
    const place = await openBox(member, gem.owned_box_ids[0] as string);
    expect(place.reward).toEqual({ kind: "allowlist" });
    expect((await listAllowlist(t().database.db)).map((row) => row.entry)).toContain(member.email);
    expect(await balanceOf(t().database.db, member.userId)).toBe(await ledgerSum(member.userId));
  });

  it("refuses a purchase beyond the balance, the member's limit or the supply, writing nothing", async () => {
    const poor = await memberWith(40);
    expect(await refusal(await buy(poor, { box_id: "moon", quantity: 1 }))).toEqual([409, "insufficient_points"]);
    const limited = await memberWith(100);
    await purchase(limited, { box_id: "comet", quantity: 2 });
    expect(await refusal(await buy(limited, { box_id: "comet", quantity: 2 }))).toEqual([409, "limit_reached"]);
    await purchase(limited, { box_id: "comet", quantity: 1 });
    expect(await refusal(await buy(limited, { box_id: "comet", quantity: 1 }))).toEqual([409, "limit_reached"]);
    expect(await balanceOf(t().database.db, limited.userId)).toBe(70);
    const summary = await api().data(getLootboxSummaryRoute, { auth: limited.auth });
    expect(summary.limits.find((limit) => limit.box_id === "comet")).toEqual({
      box_id: "comet",
      per_member_limit: 3,
      bought: 3,
      left: 0,
    });
    expect(summary.unopened).toEqual([{ box_id: "comet", name: "Comet Box", count: 3 }]);
    const rich = await memberWith(2000);
    expect(await refusal(await buy(rich, { box_id: "sun", quantity: 6 }))).toEqual([409, "sold_out"]);
    expect(await refusal(await buy(poor, { box_id: "unknown", quantity: 1 }))).toEqual([404, "not_found"]);
    expect(await balanceOf(t().database.db, rich.userId)).toBe(2000);
    expect(await ownedCount(rich.userId)).toBe(0);
    expect(await ownedCount(poor.userId)).toBe(0);
  });

  it("answers a retried purchase with the same Idempotency-Key once, and refuses the key for another purchase", async () => {
    const member = await memberWith(500);
    const headers = { "idempotency-key": "retry-1" };
    const first = await purchase(member, { box_id: "moon", quantity: 3 }, headers);
    const again = await purchase(member, { box_id: "moon", quantity: 3 }, headers);
    expect(again).toEqual(first);
    expect(await balanceOf(t().database.db, member.userId)).toBe(350);
    expect(await refusal(await buy(member, { box_id: "moon", quantity: 1 }, headers))).toEqual([
      409,
      "idempotency_key_reused",
    ]);
    // Another member's identical key is theirs alone.
    const other = await memberWith(50);
    expect((await purchase(other, { box_id: "moon", quantity: 1 }, headers)).spent).toBe(50);
  });

  it("opens a box with the odds version it was bought under, and reports every version", async () => {
    const member = await memberWith(100);
    const bought = await purchase(member, { box_id: "moon", quantity: 1 });
    // The operator changes the odds: every remaining reward becomes 999 points.
    const changed = createBoxService({
      db: t().database.db,
      economy: {
        ...boxEconomy,
        boxes: boxEconomy.boxes.map((box) =>
          box.id === "moon" ? { ...box, rewards: [{ kind: "points" as const, amount: 999, weight: 1 }] } : box,
        ),
      },
      now: clock.now,
      limiter: t().limiter,
    });
    const market = await changed.market("en");
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
    const bought = await purchase(member, { box_id: "moon", quantity: 5 });
    for (const id of bought.owned_box_ids) {
      clock.advance(1000);
      await openBox(member, id);
    }
    const first = await api().data(listMyBoxesRoute, { query: { per_page: 3 }, auth: member.auth });
    expect(first.opened).toHaveLength(3);
    const second = await api().data(listMyBoxesRoute, {
      query: { per_page: 3, cursor: first.next_cursor ?? "" },
      auth: member.auth,
    });
    expect(second.opened).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect([...first.opened, ...second.opened].map((box) => box.proof.nonce)).toEqual([4, 3, 2, 1, 0]);
  });
});
