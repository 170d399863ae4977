import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowlist, ledgerEntries, operatorAudit } from "../../db/schema.js";
import { makeOperator, testActor } from "../../test/admin.js";
import { postJson, readData, signInByCode, testClock } from "../../test/app.js";
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
    expect(history.items.map((item) => item.label)).toEqual(["Correction by the team", "Bonus from the team"]);
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
