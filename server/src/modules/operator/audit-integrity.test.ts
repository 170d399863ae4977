import {
  adjustMemberPointsRoute,
  allowlistMemberRoute,
  getMyProfileRoute,
  unbindMemberWalletRoute,
} from "@arcana/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorAudit } from "../../db/schema.js";
import { makeOperator } from "../../test/admin.js";
import { apiClient, errorCode } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { balanceOf, bindWalletDirectly, signUpMember } from "../../test/members.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpMember(t, "audit-operator@example.com");
  await makeOperator(t.database.db, "audit-operator@example.com");
});
afterAll(() => t?.dispose());
const api = () => apiClient(t.app);

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
  return "accepted";
}

describe("finding 10: the audit log cannot be rewritten, and operators cannot act on themselves", () => {
  it("refuses an operator's grant, unbind or allowlist on their own account, writing nothing", async () => {
    await bindWalletDirectly(t.database.db, operator.userId, "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
    const own = { params: { id: operator.userId }, auth: operator.auth };
    const grant = await api().call(adjustMemberPointsRoute, {
      body: { direction: "grant", amount: 1_000_000, reason: "a gift to myself" },
      ...own,
    });
    expect([grant.status, await errorCode(grant)]).toEqual([403, "forbidden"]);
    const unbind = await api().call(unbindMemberWalletRoute, { body: { kind: "evm" }, ...own });
    expect([unbind.status, await errorCode(unbind)]).toEqual([403, "forbidden"]);
    const allowlist = await api().call(allowlistMemberRoute, own);
    expect([allowlist.status, await errorCode(allowlist)]).toEqual([403, "forbidden"]);

    expect(await balanceOf(t.database.db, operator.userId)).toBe(0);
    const profile = await api().data(getMyProfileRoute, { auth: operator.auth });
    expect(profile.wallet_address).not.toBeNull();
    expect(await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.actorId, operator.userId))).toEqual(
      [],
    );
  });

  it("still lets the operator act on another member", async () => {
    const member = await signUpMember(t, "audit-member@example.com");
    const res = await api().call(adjustMemberPointsRoute, {
      params: { id: member.userId },
      body: { direction: "grant", amount: 5, reason: "helped at the meetup" },
      auth: operator.auth,
    });
    expect(res.status).toBe(200);
  });

  it("has the database refuse to update, delete or truncate audit rows, whoever asks", async () => {
    const [before] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(operatorAudit);
    expect(before?.count).toBeGreaterThan(0);
    expect(await refusal(t.database.db.update(operatorAudit).set({ reason: "nothing happened" }))).toMatch(
      /operator_audit is append-only: UPDATE refused/,
    );
    expect(await refusal(t.database.db.delete(operatorAudit))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(t.database.db.execute(sql`truncate operator_audit`))).toMatch(/append-only: TRUNCATE refused/);
    const rows = await t.database.db.select().from(operatorAudit);
    expect(rows).toHaveLength(before?.count ?? -1);
    expect(rows.map((row) => row.reason)).not.toContain("nothing happened");
  });
});
