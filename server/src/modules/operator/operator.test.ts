import { gmtDayNumber, type OperatorBoxes, type OperatorOverview } from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowlist,
  chainIndexerStatus,
  checkIns,
  ledgerEntries,
  operatorAudit,
  passes,
  users,
} from "../../db/schema.js";
import { type Economy, loadEconomy } from "../../economy.js";
import { makeOperator, testActor } from "../../test/admin.js";
import { createTestApp, postJson, readData, signInByCode, testClock } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, createMemberRow, signUpMember } from "../../test/members.js";
import { grantPoints, spendPoints } from "../ledger/api.js";
import { removeOperator } from "./admin.js";

const economy: Economy = {
  ...loadEconomy(),
  boxes: [
    {
      id: "moon",
      name: "Moon Box",
      description: "Mostly points.",
      price: 10,
      supply: 100,
      perMemberLimit: null,
      rewards: [
        { kind: "points", amount: 5, weight: 3 },
        { kind: "points", amount: 50, weight: 1 },
      ],
    },
  ],
};
const passAddress = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const dailyAddress = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof signUpMember>>;
let visitorMember: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    economy,
    env: { CHAINS: "local", LOCAL_GENESIS_PASS_ADDRESS: passAddress, LOCAL_DAILY_ADDRESS: dailyAddress },
  });
  operator = await signUpMember(t, "operator@example.com");
  visitorMember = await signUpMember(t, "member@example.com");
  await makeOperator(t.database.db, "operator@example.com");
});
afterAll(() => t.dispose());

type OpenApiDocument = { paths: Record<string, Record<string, { tags?: string[] }>> };

/** Every operator call from the served OpenAPI document, with its path parameters filled in. */
async function operatorCalls(): Promise<Array<{ method: string; path: string }>> {
  const doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.includes("operator"))
      .map(([method]) => ({ method, path: path.replace("{id}", visitorMember.userId) })),
  );
}

function call(method: string, path: string, headers: Record<string, string>) {
  return method === "post" ? postJson(t.app, `/api${path}`, {}, headers) : t.app.request(`/api${path}`, { headers });
}

async function errorOf(res: Response): Promise<[number, string | undefined]> {
  return [res.status, ((await res.json()) as { error?: { code: string } }).error?.code];
}

async function auditRows(subjectId: string) {
  return t.database.db.select().from(operatorAudit).where(eq(operatorAudit.subjectId, subjectId));
}

describe("who may use the operator API", () => {
  it("documents every operator call under its own tag, behind the session", async () => {
    const calls = await operatorCalls();
    expect(calls.map((entry) => `${entry.method} ${entry.path.replace(visitorMember.userId, "{id}")}`).sort()).toEqual([
      "get /operator/audit",
      "get /operator/boxes",
      "get /operator/chains",
      "get /operator/exports/box-openings.csv",
      "get /operator/exports/ledger.csv",
      "get /operator/exports/members.csv",
      "get /operator/invites",
      "get /operator/members",
      "get /operator/members/{id}",
      "get /operator/members/{id}/ledger",
      "get /operator/overview",
      "get /operator/sponsorship",
      "post /operator/members/{id}/allowlist",
      "post /operator/members/{id}/points",
      "post /operator/members/{id}/unbind",
    ]);
  });

  it("answers a member who is not an operator 403 forbidden on every operator call, and a visitor 401", async () => {
    for (const { method, path } of await operatorCalls()) {
      expect(await errorOf(await call(method, path, visitorMember.auth)), `${method} ${path}`).toEqual([
        403,
        "forbidden",
      ]);
      expect(await errorOf(await call(method, path, {})), `${method} ${path}`).toEqual([401, "unauthenticated"]);
    }
    expect(await auditRows(visitorMember.userId)).toEqual([]);
  });

  it("lets an operator in, and refuses them again once the CLI removes the role", async () => {
    const token = await signInByCode(t.app, "former@example.com");
    const headers = { authorization: `Bearer ${token}` };
    await makeOperator(t.database.db, "former@example.com");
    expect((await t.app.request("/api/operator/boxes", { headers })).status).toBe(200);
    await removeOperator(t.database.db, testActor, "former@example.com");
    expect(await errorOf(await t.app.request("/api/operator/boxes", { headers }))).toEqual([403, "forbidden"]);
  });

  it("refuses a cookie-authenticated action from a foreign origin", async () => {
    const token = operator.auth.authorization.replace("Bearer ", "");
    const res = await postJson(
      t.app,
      `/api/operator/members/${visitorMember.userId}/points`,
      { direction: "grant", amount: 5, reason: "x" },
      { cookie: `arcana_session=${token}`, origin: "https://evil.example" },
    );
    expect(await errorOf(res)).toEqual([403, "foreign_origin"]);
  });
});

describe("operator actions", () => {
  it("grants and deducts points through the ledger with the reason, each audited with before and after", async () => {
    const member = await signUpMember(t, "granted@example.com");
    const path = `/api/operator/members/${member.userId}/points`;
    const granted = await readData<{ member: { pts: number }; audit_id: number }>(
      await postJson(t.app, path, { direction: "grant", amount: 120, reason: "community call winner" }, operator.auth),
    );
    expect(granted.member.pts).toBe(120);
    const deducted = await readData<{ member: { pts: number } }>(
      await postJson(t.app, path, { direction: "deduct", amount: 20, reason: "duplicate entry" }, operator.auth),
    );
    expect(deducted.member.pts).toBe(100);
    expect(await balanceOf(t.database.db, member.userId)).toBe(100);

    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId));
    expect(rows.map((row) => [row.kind, row.amount, row.reason])).toEqual([
      ["grant", 120, "community call winner"],
      ["deduction", -20, "duplicate entry"],
    ]);
    const audit = await auditRows(member.userId);
    expect(audit.map((row) => [row.actor, row.action, row.before, row.after, row.reason])).toEqual([
      ["operator@example.com", "points_grant", { pts: 0 }, { pts: 120 }, "community call winner"],
      ["operator@example.com", "points_deduct", { pts: 120 }, { pts: 100 }, "duplicate entry"],
    ]);
    expect(audit[0]?.id).toBe(granted.audit_id);

    // The member's own history shows the team's grant without the operators' reason.
    const history = await readData<{ items: Array<{ label: string }> }>(
      await t.app.request("/api/assets", { headers: member.auth }),
    );
    expect(history.items.map((item) => item.label)).toEqual([
      "Correction by the Arcana team",
      "Bonus from the Arcana team",
    ]);
    expect(JSON.stringify(history)).not.toContain("duplicate entry");
  });

  it("refuses a deduction below zero with 409 and writes neither ledger row nor audit entry", async () => {
    const member = await signUpMember(t, "poor@example.com");
    const res = await postJson(
      t.app,
      `/api/operator/members/${member.userId}/points`,
      { direction: "deduct", amount: 1, reason: "x" },
      operator.auth,
    );
    expect(await errorOf(res)).toEqual([409, "insufficient_points"]);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId))).toEqual([]);
    expect(await auditRows(member.userId)).toEqual([]);
  });

  it("validates the input, and 404s an unknown member", async () => {
    const path = `/api/operator/members/${visitorMember.userId}/points`;
    for (const body of [
      { direction: "grant", amount: 0, reason: "x" },
      { direction: "grant", amount: 1.5, reason: "x" },
      { direction: "steal", amount: 1, reason: "x" },
      { direction: "grant", amount: 1, reason: "  " },
    ]) {
      expect(await errorOf(await postJson(t.app, path, body, operator.auth)), JSON.stringify(body)).toEqual([
        400,
        "bad_request",
      ]);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await errorOf(await t.app.request(`/api/operator/members/${unknown}`, { headers: operator.auth }))).toEqual([
      404,
      "not_found",
    ]);
    expect(
      await errorOf(await postJson(t.app, `/api/operator/members/${unknown}/allowlist`, {}, operator.auth)),
    ).toEqual([404, "not_found"]);
  });

  it("unbinds a wallet and adds to the allowlist with the CLI's services, audited", async () => {
    const member = await signUpMember(t, "lost-wallet@example.com");
    const wallet = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const unbound = await readData<{ member: { wallet_address: string | null } }>(
      await postJson(t.app, `/api/operator/members/${member.userId}/unbind`, { kind: "evm" }, operator.auth),
    );
    expect(unbound.member.wallet_address).toBeNull();
    const listed = await readData<{ member: { email: string } }>(
      await postJson(t.app, `/api/operator/members/${member.userId}/allowlist`, {}, operator.auth),
    );
    expect(listed.member.email).toBe("lost-wallet@example.com");
    expect(
      await t.database.db.select().from(allowlist).where(eq(allowlist.entry, "lost-wallet@example.com")),
    ).toHaveLength(1);
    const page = await readData<{ on_allowlist: boolean }>(
      await t.app.request(`/api/operator/members/${member.userId}`, { headers: operator.auth }),
    );
    expect(page.on_allowlist).toBe(true);

    expect((await auditRows(member.userId)).map((row) => [row.action, row.before, row.after])).toEqual([
      ["wallet_unbind", { wallet_address: wallet }, { wallet_address: null }],
      ["allowlist_add", { on_allowlist: false }, { on_allowlist: true }],
    ]);
    // The audit log reads newest first, and pages.
    const first = await readData<{ items: Array<{ action: string; subject: string }>; next_cursor: string | null }>(
      await t.app.request("/api/operator/audit?per_page=2", { headers: operator.auth }),
    );
    expect(first.items.map((item) => [item.action, item.subject])).toEqual([
      ["allowlist_add", "lost-wallet@example.com"],
      ["wallet_unbind", "lost-wallet@example.com"],
    ]);
    expect(first.next_cursor).not.toBeNull();
    const next = await readData<{ items: Array<{ id: number }> }>(
      await t.app.request(`/api/operator/audit?per_page=2&cursor=${first.next_cursor}`, { headers: operator.auth }),
    );
    expect(next.items.length).toBeGreaterThan(0);
  });

  it("finds members by e-mail, by EVM wallet in any case, and pages a member's ledger with reasons", async () => {
    const member = await signUpMember(t, "findme@example.com");
    const wallet = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const search = async (q: string) =>
      (
        await readData<Array<{ email: string }>>(
          await t.app.request(`/api/operator/members?q=${encodeURIComponent(q)}`, { headers: operator.auth }),
        )
      ).map((row) => row.email);
    expect(await search("findme")).toEqual(["findme@example.com"]);
    expect(await search(wallet.toUpperCase().replace("0X", "0x"))).toEqual(["findme@example.com"]);
    expect(await search("nobody-at-all")).toEqual([]);
    expect(await errorOf(await t.app.request("/api/operator/members?q=a", { headers: operator.auth }))).toEqual([
      400,
      "bad_request",
    ]);

    for (let i = 1; i <= 3; i++) {
      await postJson(
        t.app,
        `/api/operator/members/${member.userId}/points`,
        { direction: "grant", amount: i, reason: `reason ${i}` },
        operator.auth,
      );
      clock.advance(1000);
    }
    const first = await readData<{ items: Array<{ reason: string }>; next_cursor: string }>(
      await t.app.request(`/api/operator/members/${member.userId}/ledger?per_page=2`, { headers: operator.auth }),
    );
    expect(first.items.map((item) => item.reason)).toEqual(["reason 3", "reason 2"]);
    const second = await readData<{ items: Array<{ reason: string }>; next_cursor: string | null }>(
      await t.app.request(`/api/operator/members/${member.userId}/ledger?per_page=2&cursor=${first.next_cursor}`, {
        headers: operator.auth,
      }),
    );
    expect(second).toMatchObject({ items: [{ reason: "reason 1" }], next_cursor: null });
  });
});

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
    const res = await t.app.request("/api/operator/exports/ledger.csv?from=2026-09-10&to=2026-09-11", {
      headers: operator.auth,
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
    expect(lines[1]).toMatch(/,Bonus from the Arcana team,"said ""hi"", twice"$/);
    expect(lines[2]).toMatch(/,'=HYPERLINK\(1\)$/);

    const members = await (await t.app.request("/api/operator/exports/members.csv", { headers: operator.auth })).text();
    expect(members.split("\r\n")[0]).toBe("member_id,email,points,wallet_address,solana_address,created_at");
    expect(members).toContain(`${userId},'=cmd@example.com,24,,,`);

    const [entry] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, "export_ledger"));
    expect(entry).toMatchObject({ actor: "operator@example.com", after: { from: "2026-09-10", to: "2026-09-11" } });
    expect(
      await errorOf(
        await t.app.request("/api/operator/exports/ledger.csv?from=2026-02-30", { headers: operator.auth }),
      ),
    ).toEqual([400, "bad_request"]);
    expect(
      await errorOf(
        await t.app.request("/api/operator/exports/ledger.csv?from=2026-09-12&to=2026-09-11", {
          headers: operator.auth,
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

    const overview = await readData<OperatorOverview>(
      await t.app.request("/api/operator/overview?days=30", { headers: operator.auth }),
    );
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

    expect(await errorOf(await t.app.request("/api/operator/overview?days=7", { headers: operator.auth }))).toEqual([
      400,
      "bad_request",
    ]);
    const ninety = await readData<OperatorOverview>(
      await t.app.request("/api/operator/overview?days=90", { headers: operator.auth }),
    );
    expect(ninety.dates).toHaveLength(90);
    expect(
      ninety.points_issued.find((series) => series.key === "check_in")?.values[ninety.dates.indexOf("2026-10-01")],
    ).toBe(7);
  });

  it("shows each box's sales and stated vs observed shares with a chi-square p-value", async () => {
    const buyer = await signUpMember(t, "buyer@example.com");
    await grantPoints(t.database.db, {
      userId: buyer.userId,
      kind: "test_grant",
      amount: 200,
      reference: buyer.userId,
    });
    const bought = await readData<{ owned_box_ids: string[] }>(
      await postJson(t.app, "/api/boxes/purchase", { box_id: "moon", quantity: 8 }, buyer.auth),
    );
    for (const id of bought.owned_box_ids) {
      const res = await postJson(t.app, "/api/boxes/open", { owned_box_id: id }, buyer.auth);
      expect(res.status).toBe(200);
    }
    const [moon] = await readData<OperatorBoxes>(
      await t.app.request("/api/operator/boxes", { headers: operator.auth }),
    );
    expect(moon).toMatchObject({ box_id: "moon", sold: 8, supply: 100, supply_left: 92 });
    const [version] = moon?.versions ?? [];
    expect(version?.openings).toBe(8);
    expect(version?.rewards.map((reward) => [reward.label, reward.stated])).toEqual([
      ["5 points", 0.75],
      ["50 points", 0.25],
    ]);
    expect(version?.rewards.reduce((sum, reward) => sum + reward.count, 0)).toBe(8);
    expect(version?.rewards.map((reward) => reward.expected)).toEqual([6, 2]);
    expect(version?.degrees_of_freedom).toBe(1);
    expect(version?.p_value).toBeGreaterThan(0);
    expect(version?.p_value).toBeLessThanOrEqual(1);
    // The public results page and the console count the same openings.
    const openings = (
      await (await t.app.request("/api/operator/exports/box-openings.csv", { headers: operator.auth })).text()
    )
      .trimEnd()
      .split("\r\n");
    expect(openings[0]).toBe("box_id,opened_at,member_id,odds_version_id,reward_index,client_seed,nonce,owned_box_id");
    expect(openings.slice(1).filter((line) => line.startsWith(`moon,`) && line.includes(buyer.userId))).toHaveLength(8);
    const published = await readData<{ versions: Array<{ rewards: Array<{ count: number }> }> }>(
      await t.app.request("/api/boxes/moon/results"),
    );
    expect(published.versions[0]?.rewards.map((reward) => reward.count)).toEqual(
      version?.rewards.map((reward) => reward.count),
    );
  });

  it("shows each configured chain's head, indexed block, lag, last error and leader, red past the threshold", async () => {
    const db = t.database.db;
    const path = "/api/operator/chains";
    const before = await readData<{ chains: Array<{ chain_id: number; lagging: boolean; head_block: number | null }> }>(
      await t.app.request(path, { headers: operator.auth }),
    );
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
    const fine = await readData<{ chains: Array<Record<string, unknown>> }>(
      await t.app.request(path, { headers: operator.auth }),
    );
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
    const behind = await readData<{ chains: Array<Record<string, unknown>> }>(
      await t.app.request(path, { headers: operator.auth }),
    );
    expect(behind.chains[0]).toMatchObject({ lag_blocks: 500, lag_seconds: 600, lagging: true });
  });
});
