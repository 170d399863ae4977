import {
  exportBoxOpeningsRoute,
  exportLedgerRoute,
  exportMembersRoute,
  getBoxResultsRoute,
  getOperatorBoxesRoute,
  getOperatorChainsRoute,
  getOperatorOverviewRoute,
  gmtDayNumber,
  openBoxRoute,
  purchaseBoxesRoute,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainIndexerStatus, checkIns, ledgerEntries, operatorAudit, passes, users } from "../../db/schema.js";
import { apiClient } from "../../test/api-client.js";
import { testClock } from "../../test/app.js";
import { createMemberRow, grantTestPoints, signUpMember } from "../../test/members.js";
import { createOperatorTestApp, errorOf } from "../../test/operator.js";
import { grantPoints, spendPoints } from "../ledger/api.js";

// The console's CSV exports and figures (overview, boxes, chains) against the tables.
const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
let t: Awaited<ReturnType<typeof createOperatorTestApp>>["t"];
let operator: Awaited<ReturnType<typeof createOperatorTestApp>>["operator"];

beforeAll(async () => {
  ({ t, operator } = await createOperatorTestApp(clock));
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

describe("CSV exports", () => {
  it("streams the ledger of a range of GMT days, quoting fields and defusing formulas, and audits the export", async () => {
    const db = t.database.db;
    const userId = await createMemberRow(db, "=cmd@example.com");
    const at = (iso: string) => new Date(iso);
    await grantPoints(db, {
      userId,
      kind: "grant",
      amount: 7,
      reference: "csv-1",
      reason: 'said "hi", twice',
      at: at("2026-09-10T10:00:00Z"),
    });
    await grantPoints(db, {
      userId,
      kind: "grant",
      amount: 8,
      reference: "csv-2",
      reason: "=HYPERLINK(1)",
      at: at("2026-09-11T23:59:59Z"),
    });
    await grantPoints(db, { userId, kind: "grant", amount: 9, reference: "csv-3", at: at("2026-09-12T00:00:00Z") });
    const res = await api.call(exportLedgerRoute, {
      query: { from: "2026-09-10", to: "2026-09-11" },
      auth: operator.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="arcana-ledger.csv"');
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,member_id,kind,amount,reference,label,reason");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 6).join(","))).toEqual([
      `2026-09-10T10:00:00.000Z,${userId},grant,7,csv-1`,
      `2026-09-11T23:59:59.000Z,${userId},grant,8,csv-2`,
    ]);
    expect(lines[1]).toMatch(/,Bonus from the team,"said ""hi"", twice"$/);
    expect(lines[2]).toMatch(/,'=HYPERLINK\(1\)$/);

    const members = await (await api.call(exportMembersRoute, { auth: operator.auth })).text();
    expect(members.split("\r\n")[0]).toBe("member_id,email,points,wallet_address,solana_address,created_at");
    expect(members).toContain(`${userId},'=cmd@example.com,24,,,`);

    const [entry] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, "export_ledger"));
    expect(entry).toMatchObject({ actor: "operator@example.com", after: { from: "2026-09-10", to: "2026-09-11" } });
    // A day that does not exist, and a range backwards: the schema refuses both, sent unchecked.
    expect(
      await errorOf(await api.unchecked(exportLedgerRoute, { query: { from: "2026-02-30" }, auth: operator.auth })),
    ).toEqual([400, "bad_request"]);
    expect(
      await errorOf(
        await api.unchecked(exportLedgerRoute, {
          query: { from: "2026-09-12", to: "2026-09-11" },
          auth: operator.auth,
        }),
      ),
    ).toEqual([400, "bad_request"]);
  });
});

describe("the figures", () => {
  it("match the ledger, members, check-ins and passes per GMT day (fixed clock)", async () => {
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    const ada = await createMemberRow(db, "ada@figures.example");
    const bob = await createMemberRow(db, "bob@figures.example");
    await db
      .update(users)
      .set({ createdAt: at("2026-11-20T08:00:00Z") })
      .where(eq(users.id, ada));
    await db
      .update(users)
      .set({ createdAt: at("2026-11-22T01:00:00Z") })
      .where(eq(users.id, bob));
    await grantPoints(db, {
      userId: ada,
      kind: "check_in",
      amount: 10,
      reference: "fig-1",
      at: at("2026-11-21T09:00:00Z"),
    });
    await grantPoints(db, {
      userId: ada,
      kind: "tarot",
      amount: 5,
      reference: "fig-2",
      at: at("2026-11-21T23:59:59Z"),
    });
    await grantPoints(db, {
      userId: bob,
      kind: "check_in",
      amount: 10,
      reference: "fig-3",
      at: at("2026-11-22T00:00:00Z"),
    });
    await spendPoints(db, {
      userId: ada,
      kind: "box_purchase",
      amount: 12,
      reference: "fig-4",
      at: at("2026-11-22T10:00:00Z"),
    });
    // Outside the 30-day window.
    await grantPoints(db, {
      userId: bob,
      kind: "check_in",
      amount: 7,
      reference: "fig-5",
      at: at("2026-10-01T10:00:00Z"),
    });
    const checkIn = (userId: string, day: string) => ({
      userId,
      day: gmtDayNumber(at(`${day}T12:00:00Z`)),
      wallet: "0x0",
      chainId: 31337,
      txHash: `0x${userId.slice(0, 8)}${day}`,
      logIndex: 0,
      points: 10,
      streak: 1,
    });
    await db
      .insert(checkIns)
      .values([checkIn(ada, "2026-11-21"), checkIn(bob, "2026-11-22"), checkIn(ada, "2026-11-22")]);
    await db.insert(passes).values([
      { chainId: 31337, tokenId: 901, owner: "0xaa", mintedAt: at("2026-11-21T00:00:00Z"), staked: true },
      { chainId: 31337, tokenId: 902, owner: "0xbb", mintedAt: at("2026-11-21T00:00:00Z"), staked: false },
    ]);

    const overview = await api.data(getOperatorOverviewRoute, { query: { days: 30 }, auth: operator.auth });
    expect(overview.dates).toHaveLength(30);
    expect(overview.dates[0]).toBe("2026-10-24");
    expect(overview.dates.at(-1)).toBe("2026-11-22");
    const on = (values: number[], date: string) => values[overview.dates.indexOf(date)];

    expect(on(overview.new_members.values, "2026-11-20")).toBe(1);
    expect(on(overview.new_members.values, "2026-11-22")).toBe(1);
    expect(on(overview.check_ins.values, "2026-11-21")).toBe(1);
    expect(on(overview.check_ins.values, "2026-11-22")).toBe(2);
    const issued = Object.fromEntries(overview.points_issued.map((series) => [series.key, series]));
    expect(on(issued.check_in?.values ?? [], "2026-11-21")).toBe(10);
    expect(on(issued.tarot?.values ?? [], "2026-11-21")).toBe(5);
    expect(on(issued.check_in?.values ?? [], "2026-11-22")).toBe(10);
    expect(on(overview.points_spent.values, "2026-11-22")).toBeGreaterThanOrEqual(12);
    expect(on(overview.active_members.values, "2026-11-21")).toBe(1);
    expect(overview.passes_minted).toBe(2);
    expect(overview.passes_staked).toBe(1);

    // Totals equal the tables, and the window's issued minus spent equals the ledger's sum in the window.
    const [members] = await db.select({ n: sql<number>`count(*)::int`, pts: sql<number>`sum(pts)::int` }).from(users);
    expect(overview.members_total).toBe(members?.n);
    expect(overview.circulating_points).toBe(members?.pts);
    const [ledger] = await db
      .select({ sum: sql<number>`coalesce(sum(amount), 0)::int` })
      .from(ledgerEntries)
      .where(sql`created_at >= '2026-10-24T00:00:00Z' and created_at < '2026-11-23T00:00:00Z'`);
    const issuedTotal = overview.points_issued.flatMap((series) => series.values).reduce((a, b) => a + b, 0);
    const spentTotal = overview.points_spent.values.reduce((a, b) => a + b, 0);
    expect(issuedTotal - spentTotal).toBe(ledger?.sum);

    // 7 days is not a window the schema allows: sent unchecked.
    expect(
      await errorOf(await api.unchecked(getOperatorOverviewRoute, { query: { days: 7 }, auth: operator.auth })),
    ).toEqual([400, "bad_request"]);
    const ninety = await api.data(getOperatorOverviewRoute, { query: { days: 90 }, auth: operator.auth });
    expect(ninety.dates).toHaveLength(90);
    expect(
      ninety.points_issued.find((series) => series.key === "check_in")?.values[ninety.dates.indexOf("2026-10-01")],
    ).toBe(7);
  });

  it("shows each box's sales and stated vs observed shares with a chi-square p-value", async () => {
    const buyer = await signUpMember(t, "buyer@example.com");
    await grantTestPoints(t.database.db, buyer.userId, 200);
    const bought = await api.data(purchaseBoxesRoute, {
      body: { box_id: "moon", quantity: 8 },
      headers: {},
      auth: buyer.auth,
    });
    for (const id of bought.owned_box_ids) {
      const res = await api.call(openBoxRoute, { body: { owned_box_id: id }, auth: buyer.auth });
      expect(res.status).toBe(200);
    }
    const [moon] = await api.data(getOperatorBoxesRoute, { auth: operator.auth });
    expect(moon).toMatchObject({ box_id: "moon", sold: 8, supply: 100, supply_left: 92 });
    const [version] = moon?.versions ?? [];
    expect(version?.openings).toBe(8);
    expect(version?.rewards.map((reward) => [reward.reward, reward.stated])).toEqual([
      [{ kind: "points", amount: 5 }, 0.75],
      [{ kind: "points", amount: 50 }, 0.25],
    ]);
    expect(version?.rewards.reduce((sum, reward) => sum + reward.count, 0)).toBe(8);
    // The box's name follows the reader's language (the rewards are data the page labels in it).
    const [inJapanese] = await api.data(getOperatorBoxesRoute, {
      auth: operator.auth,
      extraHeaders: { "accept-language": "ja" },
    });
    expect(inJapanese?.name).toBe("ムーンボックス");
    expect(version?.rewards.map((reward) => reward.expected)).toEqual([6, 2]);
    expect(version?.degrees_of_freedom).toBe(1);
    expect(version?.p_value).toBeGreaterThan(0);
    expect(version?.p_value).toBeLessThanOrEqual(1);
    // The public results page and the console count the same openings.
    const openings = (await (await api.call(exportBoxOpeningsRoute, { query: {}, auth: operator.auth })).text())
      .trimEnd()
      .split("\r\n");
    expect(openings[0]).toBe("box_id,opened_at,member_id,odds_version_id,reward_index,client_seed,nonce,owned_box_id");
    expect(openings.slice(1).filter((line) => line.startsWith(`moon,`) && line.includes(buyer.userId))).toHaveLength(8);
    const published = await api.data(getBoxResultsRoute, { params: { id: "moon" } });
    expect(published.versions[0]?.rewards.map((reward) => reward.count)).toEqual(
      version?.rewards.map((reward) => reward.count),
    );
  });

  it("shows each configured chain's head, indexed block, lag, last error and leader, red past the threshold", async () => {
    const db = t.database.db;
    const chains = () => api.data(getOperatorChainsRoute, { auth: operator.auth });
    const before = await chains();
    expect(before.chains).toEqual([expect.objectContaining({ chain_id: 31337, head_block: null, lagging: true })]);

    const reported = clock.now();
    await db.insert(chainIndexerStatus).values({
      chainId: 31337,
      headBlock: 1_000,
      indexedBlock: 1_000,
      indexedTime: new Date(reported.getTime() - 5_000),
      leader: "host-a:123",
      lastError: "RPC timed out",
      lastErrorAt: new Date(reported.getTime() - 60_000),
      updatedAt: reported,
    });
    const fine = await chains();
    expect(fine.chains[0]).toMatchObject({
      head_block: 1_000,
      indexed_block: 1_000,
      lag_blocks: 0,
      lag_seconds: 0,
      leader: "host-a:123",
      last_error: "RPC timed out",
      lagging: false,
    });

    await db
      .update(chainIndexerStatus)
      .set({ headBlock: 1_500, indexedTime: new Date(reported.getTime() - 600_000) })
      .where(eq(chainIndexerStatus.chainId, 31337));
    const behind = await chains();
    expect(behind.chains[0]).toMatchObject({ lag_blocks: 500, lag_seconds: 600, lagging: true });
  });
});
