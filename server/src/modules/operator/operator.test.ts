import * as protocol from "@arcana/protocol";
import {
  type ApiRoute,
  adjustMemberPointsRoute,
  allowlistMemberRoute,
  getOperatorBoxesRoute,
  getOperatorMemberRoute,
  listOperatorAuditRoute,
  listOperatorMemberLedgerRoute,
  listPointsHistoryRoute,
  searchOperatorMembersRoute,
  unbindMemberWalletRoute,
} from "@arcana/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowlist, ledgerEntries, operatorAudit } from "../../db/schema.js";
import { makeOperator, testActor } from "../../test/admin.js";
import { apiClient, pathOf } from "../../test/api-client.js";
import { signInByCode, testClock } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";
import { createOperatorTestApp, errorOf } from "../../test/operator.js";
import { removeOperator } from "./admin.js";

// Who may use the operator API and the actions it takes; exports and figures are in
// operator-figures.test.ts.
const clock = testClock(new Date("2026-11-22T12:00:00.000Z"));
let t: Awaited<ReturnType<typeof createOperatorTestApp>>["t"];
let operator: Awaited<ReturnType<typeof createOperatorTestApp>>["operator"];
let visitorMember: Awaited<ReturnType<typeof createOperatorTestApp>>["visitorMember"];

beforeAll(async () => {
  ({ t, operator, visitorMember } = await createOperatorTestApp(clock));
});
afterAll(() => t.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

type OpenApiDocument = { paths: Record<string, Record<string, { tags?: string[] }>> };

/** Every operator call from the served OpenAPI document (a document, not a route), with its path parameters filled in. */
async function operatorCalls(): Promise<Array<{ method: string; path: string }>> {
  const doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.includes("operator"))
      .map(([method]) => ({ method, path: path.replace("{id}", visitorMember.userId) })),
  );
}

/** Every operator route of the contract (the served document lists the same, see the first test). */
const operatorRoutes = Object.values(protocol as Record<string, unknown>).filter(
  (value): value is ApiRoute =>
    typeof value === "object" && value !== null && "operationId" in value && "tag" in value && value.tag === "operator",
);

/** An operator route called with `auth`, on the plain member, with an empty body when it is a POST (unchecked). */
function call(route: ApiRoute, auth: Record<string, string>) {
  const params = { id: visitorMember.userId };
  return api.unchecked(route, { params, auth, ...(route.method === "post" ? { body: {} } : {}) });
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
      "get /operator/reminders",
      "get /operator/sponsorship",
      "post /operator/members/{id}/allowlist",
      "post /operator/members/{id}/points",
      "post /operator/members/{id}/unbind",
    ]);
  });

  it("answers a member who is not an operator 403 forbidden on every operator call, and a visitor 401", async () => {
    expect(operatorRoutes).toHaveLength((await operatorCalls()).length);
    for (const route of operatorRoutes) {
      const name = `${route.method} ${pathOf(route, { params: { id: visitorMember.userId } })}`;
      expect(await errorOf(await call(route, visitorMember.auth)), name).toEqual([403, "forbidden"]);
      expect(await errorOf(await call(route, {})), name).toEqual([401, "unauthenticated"]);
    }
    expect(await auditRows(visitorMember.userId)).toEqual([]);
  });

  it("lets an operator in, and refuses them again once the CLI removes the role", async () => {
    const token = await signInByCode(t.app, "former@example.com");
    const auth = { authorization: `Bearer ${token}` };
    await makeOperator(t.database.db, "former@example.com");
    expect((await api.call(getOperatorBoxesRoute, { auth })).status).toBe(200);
    await removeOperator(t.database.db, testActor, "former@example.com");
    expect(await errorOf(await api.call(getOperatorBoxesRoute, { auth }))).toEqual([403, "forbidden"]);
  });

  it("refuses a cookie-authenticated action from a foreign origin", async () => {
    const token = operator.auth.authorization.replace("Bearer ", "");
    const res = await api.call(adjustMemberPointsRoute, {
      params: { id: visitorMember.userId },
      body: { direction: "grant", amount: 5, reason: "x" },
      extraHeaders: { cookie: `arcana_session=${token}`, origin: "https://evil.example" },
    });
    expect(await errorOf(res)).toEqual([403, "foreign_origin"]);
  });
});

describe("operator actions", () => {
  it("grants and deducts points through the ledger with the reason, each audited with before and after", async () => {
    const member = await signUpMember(t, "granted@example.com");
    const params = { id: member.userId };
    const granted = await api.data(adjustMemberPointsRoute, {
      params,
      body: { direction: "grant", amount: 120, reason: "community call winner" },
      auth: operator.auth,
    });
    expect(granted.member.pts).toBe(120);
    const deducted = await api.data(adjustMemberPointsRoute, {
      params,
      body: { direction: "deduct", amount: 20, reason: "duplicate entry" },
      auth: operator.auth,
    });
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
    const history = await api.data(listPointsHistoryRoute, { query: {}, auth: member.auth });
    expect(history.items.map((item) => item.label)).toEqual(["Correction by the team", "Bonus from the team"]);
    expect(JSON.stringify(history)).not.toContain("duplicate entry");
  });

  it("refuses a deduction below zero with 409 and writes neither ledger row nor audit entry", async () => {
    const member = await signUpMember(t, "poor@example.com");
    const res = await api.call(adjustMemberPointsRoute, {
      params: { id: member.userId },
      body: { direction: "deduct", amount: 1, reason: "x" },
      auth: operator.auth,
    });
    expect(await errorOf(res)).toEqual([409, "insufficient_points"]);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId))).toEqual([]);
    expect(await auditRows(member.userId)).toEqual([]);
  });

  it("validates the input, and 404s an unknown member", async () => {
    // Bodies the schema refuses: sent unchecked.
    const params = { id: visitorMember.userId };
    for (const body of [
      { direction: "grant", amount: 0, reason: "x" },
      { direction: "grant", amount: 1.5, reason: "x" },
      { direction: "steal", amount: 1, reason: "x" },
      { direction: "grant", amount: 1, reason: "  " },
    ]) {
      expect(
        await errorOf(await api.unchecked(adjustMemberPointsRoute, { params, body, auth: operator.auth })),
        JSON.stringify(body),
      ).toEqual([400, "bad_request"]);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      await errorOf(await api.call(getOperatorMemberRoute, { params: { id: unknown }, auth: operator.auth })),
    ).toEqual([404, "not_found"]);
    expect(
      await errorOf(await api.call(allowlistMemberRoute, { params: { id: unknown }, auth: operator.auth })),
    ).toEqual([404, "not_found"]);
  });

  it("unbinds a wallet and adds to the allowlist with the CLI's services, audited", async () => {
    const member = await signUpMember(t, "lost-wallet@example.com");
    const wallet = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const params = { id: member.userId };
    const unbound = await api.data(unbindMemberWalletRoute, { params, body: { kind: "evm" }, auth: operator.auth });
    expect(unbound.member.wallet_address).toBeNull();
    const listed = await api.data(allowlistMemberRoute, { params, auth: operator.auth });
    expect(listed.member.email).toBe("lost-wallet@example.com");
    expect(
      await t.database.db.select().from(allowlist).where(eq(allowlist.entry, "lost-wallet@example.com")),
    ).toHaveLength(1);
    const page = await api.data(getOperatorMemberRoute, { params, auth: operator.auth });
    expect(page.on_allowlist).toBe(true);

    expect((await auditRows(member.userId)).map((row) => [row.action, row.before, row.after])).toEqual([
      ["wallet_unbind", { wallet_address: wallet }, { wallet_address: null }],
      ["allowlist_add", { on_allowlist: false }, { on_allowlist: true }],
    ]);
    // The audit log reads newest first, and pages.
    const first = await api.data(listOperatorAuditRoute, { query: { per_page: 2 }, auth: operator.auth });
    expect(first.items.map((item) => [item.action, item.subject])).toEqual([
      ["allowlist_add", "lost-wallet@example.com"],
      ["wallet_unbind", "lost-wallet@example.com"],
    ]);
    expect(first.next_cursor).not.toBeNull();
    const next = await api.data(listOperatorAuditRoute, {
      query: { per_page: 2, cursor: first.next_cursor ?? undefined },
      auth: operator.auth,
    });
    expect(next.items.length).toBeGreaterThan(0);
  });

  it("finds members by e-mail, by EVM wallet in any case, and pages a member's ledger with reasons", async () => {
    const member = await signUpMember(t, "findme@example.com");
    const wallet = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    await bindWalletDirectly(t.database.db, member.userId, wallet);
    const search = async (q: string) =>
      (await api.data(searchOperatorMembersRoute, { query: { q }, auth: operator.auth })).map((row) => row.email);
    expect(await search("findme")).toEqual(["findme@example.com"]);
    expect(await search(wallet.toUpperCase().replace("0X", "0x"))).toEqual(["findme@example.com"]);
    expect(await search("nobody-at-all")).toEqual([]);
    // Too short for the schema: sent unchecked.
    expect(
      await errorOf(await api.unchecked(searchOperatorMembersRoute, { query: { q: "a" }, auth: operator.auth })),
    ).toEqual([400, "bad_request"]);

    for (let i = 1; i <= 3; i++) {
      await api.call(adjustMemberPointsRoute, {
        params: { id: member.userId },
        body: { direction: "grant", amount: i, reason: `reason ${i}` },
        auth: operator.auth,
      });
      clock.advance(1000);
    }
    const params = { id: member.userId };
    const first = await api.data(listOperatorMemberLedgerRoute, {
      params,
      query: { per_page: 2 },
      auth: operator.auth,
    });
    expect(first.items.map((item) => item.reason)).toEqual(["reason 3", "reason 2"]);
    const second = await api.data(listOperatorMemberLedgerRoute, {
      params,
      query: { per_page: 2, cursor: first.next_cursor ?? undefined },
      auth: operator.auth,
    });
    expect(second).toMatchObject({ items: [{ reason: "reason 1" }], next_cursor: null });
  });
});
