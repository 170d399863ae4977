import {
  getBoxFairnessRoute,
  getBoxMarketRoute,
  getLootboxSummaryRoute,
  listMyBoxesRoute,
  openBoxRoute,
  purchaseBoxesRoute,
  rotateBoxSeedRoute,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boxPurchases, ledgerEntries, ownedBoxes } from "../../db/schema.js";
import { boxTestApp, refusal } from "../../test/boxes.js";
import { balanceOf } from "../../test/members.js";
import { boxesReport } from "./reports.js";

// What box routes refuse, what they do under concurrency, and the operator's report of it.
const { t, api, memberWith, buy, purchase, open, openBox, ledgerSum, ownedCount } = boxTestApp("box-refusals");

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
      expect(await refusal(await api().unchecked(purchaseBoxesRoute, { body, auth: member.auth }))).toEqual([
        400,
        "bad_request",
      ]);
    }
    expect(await refusal(await buy(member, { box_id: "moon", quantity: 1 }, { "idempotency-key": "é" }))).toEqual([
      400,
      "bad_request",
    ]);
    expect(await balanceOf(t().database.db, member.userId)).toBe(1000);
    expect(await ownedCount(member.userId)).toBe(0);
    const purchases = await t().database.db.select().from(boxPurchases).where(eq(boxPurchases.userId, member.userId));
    expect(purchases).toEqual([]);
  });

  it("refuses opening someone else's box, an unknown or malformed id, or an opened box", async () => {
    const owner = await memberWith(50);
    const stranger = await memberWith(0);
    const [id] = (await purchase(owner, { box_id: "moon", quantity: 1 })).owned_box_ids;
    expect(await refusal(await open(stranger, id as string))).toEqual([404, "not_found"]);
    expect(await refusal(await open(owner, "00000000-0000-4000-8000-000000000000"))).toEqual([404, "not_found"]);
    for (const body of [{ owned_box_id: "abc" }, { owned_box_id: 5 }, {}]) {
      expect(await refusal(await api().unchecked(openBoxRoute, { body, auth: owner.auth }))).toEqual([
        400,
        "bad_request",
      ]);
    }
    await openBox(owner, id as string);
    expect(await refusal(await open(owner, id as string))).toEqual([409, "already_opened"]);
    expect((await api().data(getBoxFairnessRoute, { auth: stranger.auth })).next_nonce).toBe(0);
  });

  it("refuses a client seed that is empty, too long or not printable, and bad paging", async () => {
    const member = await memberWith(0);
    const before = await api().data(getBoxFairnessRoute, { auth: member.auth });
    for (const client_seed of ["", "x".repeat(65), "tab\there", 42]) {
      const res = await api().unchecked(rotateBoxSeedRoute, { body: { client_seed }, auth: member.auth });
      expect(await refusal(res)).toEqual([400, "bad_request"]);
    }
    expect((await api().data(getBoxFairnessRoute, { auth: member.auth })).server_seed_hash).toBe(
      before.server_seed_hash,
    );
    const chosen = await api().data(rotateBoxSeedRoute, { body: { client_seed: "my own seed!" }, auth: member.auth });
    expect(chosen).toMatchObject({ client_seed: "my own seed!", client_seed_chosen: true });
    for (const query of [{ per_page: 0 }, { per_page: "abc" }, { cursor: "forged" }]) {
      expect(await refusal(await api().unchecked(listMyBoxesRoute, { query, auth: member.auth }))).toEqual([
        400,
        "bad_request",
      ]);
    }
  });

  it("needs a session for every member route", async () => {
    for (const route of [listMyBoxesRoute, getBoxFairnessRoute, getLootboxSummaryRoute]) {
      expect(await refusal(await api().unchecked(route))).toEqual([401, "unauthenticated"]);
    }
    const valid = [
      { route: purchaseBoxesRoute, body: { box_id: "moon", quantity: 1 } },
      { route: openBoxRoute, body: { owned_box_id: "00000000-0000-4000-8000-000000000000" } },
      { route: rotateBoxSeedRoute, body: {} },
    ];
    for (const { route, body } of valid) {
      expect(await refusal(await api().unchecked(route, { body }))).toEqual([401, "unauthenticated"]);
    }
  });
});

describe("under concurrency", () => {
  it("a member with points for exactly N boxes firing 5N purchases gets exactly N, ending at 0", async () => {
    const n = 4;
    const member = await memberWith(50 * n);
    const answers = await Promise.all(
      Array.from({ length: 5 * n }, () => buy(member, { box_id: "moon", quantity: 1 }).then(refusal)),
    );
    expect(answers.filter(([status]) => status === 200)).toHaveLength(n);
    expect(answers.filter(([, code]) => code === "insufficient_points")).toHaveLength(4 * n);
    expect(await balanceOf(t().database.db, member.userId)).toBe(0);
    expect(await ledgerSum(member.userId)).toBe(0);
    expect(await ownedCount(member.userId)).toBe(n);
  });

  it("a box with supply S bought by many members at once sells exactly S", async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => memberWith(100)));
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer, { box_id: "sun", quantity: 1 }).then(refusal)));
    expect(answers.filter(([status]) => status === 200)).toHaveLength(5);
    expect(answers.filter(([, code]) => code === "sold_out")).toHaveLength(7);
    const owned = await t().database.db.select().from(ownedBoxes).where(eq(ownedBoxes.boxId, "sun"));
    expect(owned.filter((row) => row.source === "purchase")).toHaveLength(5);
    expect((await api().data(getBoxMarketRoute)).find((box) => box.id === "sun")?.supply_left).toBe(0);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(t().database.db, buyer.userId)));
    expect(balances.filter((pts) => pts === 0)).toHaveLength(5);
    expect(balances.filter((pts) => pts === 100)).toHaveLength(7);
  });

  it("50 simultaneous opens of one box open it once and credit once", async () => {
    const member = await memberWith(50);
    const [id] = (await purchase(member, { box_id: "moon", quantity: 1 })).owned_box_ids;
    const responses = await Promise.all(Array.from({ length: 50 }, () => open(member, id as string)));
    const opened = responses.filter((res) => res.status === 200);
    expect(opened).toHaveLength(1);
    const answers = await Promise.all(responses.filter((res) => res.status !== 200).map(refusal));
    expect(answers).toEqual(Array.from({ length: 49 }, () => [409, "already_opened"]));
    const { reward } = openBoxRoute.response.parse(((await (opened[0] as Response).json()) as { data: unknown }).data);
    const credits = await t()
      .database.db.select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.userId} = ${member.userId} and ${ledgerEntries.kind} = 'box_reward'`);
    const won = await t()
      .database.db.select()
      .from(ownedBoxes)
      .where(eq(ownedBoxes.wonIn, id as string));
    expect(credits).toHaveLength(reward.kind === "points" ? 1 : 0);
    expect(won).toHaveLength(reward.kind === "box" ? 1 : 0);
    expect((await api().data(getBoxFairnessRoute, { auth: member.auth })).next_nonce).toBe(1);
    expect(await balanceOf(t().database.db, member.userId)).toBe(await ledgerSum(member.userId));
  });

  it("retried purchases with one Idempotency-Key charge once and all answer the same purchase", async () => {
    const member = await memberWith(500);
    const headers = { "idempotency-key": "same-click" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => purchase(member, { box_id: "moon", quantity: 2 }, headers)),
    );
    expect(new Set(answers.map((answer) => answer.purchase_id)).size).toBe(1);
    expect(await balanceOf(t().database.db, member.userId)).toBe(400);
    expect(await ownedCount(member.userId)).toBe(2);
  });
});

describe("the operator's report", () => {
  it("shows supply sold and left, and each reward's openings beside its stated odds", async () => {
    const report = await boxesReport(t().boxReports);
    expect(report).toContain("sun  Sun Box  100 points  sold 5, 0 left of 5, no limit per member");
    expect(report).toMatch(/moon {2}Moon Box {2}50 points {2}sold \d+, \d+ left of 1000, 20 per member/);
    expect(report).toMatch(/ {4}20 points +stated {2}60\.00% {2}seen +\d+ \(\d+\.\d\d%\)/);
    expect(report).toContain("A mint allowlist place");
  });
});
