import {
  adjustMemberPointsRoute,
  exportLedgerRoute,
  listMyBoxesRoute,
  searchOperatorMembersRoute,
  sendSignInCodeRoute,
  signInRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../test/admin.js";
import { apiClient } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { balanceOf, signUpMember } from "../test/members.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof signUpMember>>;
let member: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  operator = await signUpMember(t, "crafted-operator@example.com");
  member = await signUpMember(t, "crafted-member@example.com");
  await makeOperator(t.database.db, "crafted-operator@example.com");
});
afterAll(() => t?.dispose());

async function refusal(res: Response): Promise<[number, string | undefined]> {
  const text = await res.text();
  return [res.status, text.startsWith("{") ? (JSON.parse(text) as { error?: { code: string } }).error?.code : text];
}

const cursor = (iso: string, id: string) => Buffer.from(`${iso}|${id}`).toString("base64url");

describe("finding 7: crafted input is a 400 before any query or stream, never a 500", () => {
  it("refuses a NUL byte in an e-mail (send_code, sign_in)", async () => {
    // Addresses the schema forbids: sent unchecked.
    expect(await refusal(await api.unchecked(sendSignInCodeRoute, { body: { email: "a\u0000@example.com" } }))).toEqual(
      [400, "bad_request"],
    );
    expect(
      await refusal(
        await api.unchecked(signInRoute, { body: { email: "x\u0000y@example.com", code: "123456", type: "code" } }),
      ),
    ).toEqual([400, "bad_request"]);
  });

  it("refuses a NUL byte in an operator's reason and in the member search, and writes nothing", async () => {
    const grant = await api.call(adjustMemberPointsRoute, {
      params: { id: member.userId },
      body: { direction: "grant", amount: 5, reason: "nul\u0000reason" },
      auth: operator.auth,
    });
    expect(await refusal(grant)).toEqual([400, "bad_request"]);
    expect(await balanceOf(t.database.db, member.userId)).toBe(0);
    // Sent as q=crafted%00.
    const search = await api.call(searchOperatorMembersRoute, { query: { q: "crafted\u0000" }, auth: operator.auth });
    expect(await refusal(search)).toEqual([400, "bad_request"]);
  });

  it("refuses a /boxes/mine cursor naming no UUID, or a year past 9999", async () => {
    for (const bad of [
      cursor("2026-11-22T12:00:00.000Z", "-".repeat(36)),
      cursor("2026-11-22T12:00:00.000Z", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"),
      cursor("+010000-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"),
    ]) {
      const res = await api.call(listMyBoxesRoute, { query: { cursor: bad }, auth: member.auth });
      expect(await refusal(res)).toEqual([400, "bad_request"]);
    }
  });

  it("refuses an operator grant that would take a balance past the integer range with 409, writing nothing", async () => {
    const params = { id: member.userId };
    const max = { direction: "grant", amount: 2_147_483_647, reason: "the most there is" } as const;
    expect((await api.call(adjustMemberPointsRoute, { params, body: max, auth: operator.auth })).status).toBe(200);
    const over = await api.call(adjustMemberPointsRoute, {
      params,
      body: { ...max, amount: 1, reason: "one more" },
      auth: operator.auth,
    });
    expect(await refusal(over)).toEqual([409, "conflict"]);
    expect(await balanceOf(t.database.db, member.userId)).toBe(2_147_483_647);
  });

  it("refuses ledger.csv for a day PostgreSQL has no date for, before the stream starts", async () => {
    // Days the schema forbids: sent unchecked.
    for (const query of [{ from: "0000-01-01" }, { to: "2026-02-30" }, { from: "1969-12-31" }]) {
      const res = await api.unchecked(exportLedgerRoute, { query, auth: operator.auth });
      expect(await refusal(res), JSON.stringify(query)).toEqual([400, "bad_request"]);
    }
    const good = await api.call(exportLedgerRoute, {
      query: { from: "2026-01-01", to: "9999-12-31" },
      auth: operator.auth,
    });
    expect(good.status).toBe(200);
    await good.text();
  });
});
