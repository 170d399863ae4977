import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../test/admin.js";
import { createTestApp, signInByCode, unlimitedLimiter } from "../test/app.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  // Not about limits: the exports' per-operator limit (finding 5) would answer 429 to these repeated calls.
  t = await createTestApp({ limiter: unlimitedLimiter() });
  const token = await signInByCode(t.app, "cross-site@example.com");
  await makeOperator(t.database.db, "cross-site@example.com");
  cookie = `arcana_session=${token}`;
});
afterAll(() => t?.dispose());

// GETs that write (the contract fixes them as GETs): a link on another site opens them with the Lax cookie.
const writingGets = [
  "/api/tasks/consume",
  "/api/refer_code",
  "/api/refer_code/kol",
  "/api/operator/exports/ledger.csv",
  "/api/operator/exports/members.csv",
  "/api/operator/exports/box-openings.csv",
];

describe("finding 11: cookie-authenticated GETs that write refuse another site's navigation", () => {
  it.each(writingGets)("%s answers 403 foreign_origin to a cross-site navigation", async (path) => {
    const res = await t.app.request(path, { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("foreign_origin");
  });

  it("writes no export audit row for a refused cross-site export", async () => {
    const before = await t.app.request("/api/operator/audit", { headers: { cookie } });
    const count = ((await before.json()) as { data: { items: unknown[] } }).data.items.length;
    await t.app.request("/api/operator/exports/members.csv", { headers: { cookie, "sec-fetch-site": "cross-site" } });
    const after = await t.app.request("/api/operator/audit", { headers: { cookie } });
    expect(((await after.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(count);
  });

  it.each(writingGets)("%s still answers our own pages, a typed address and a bearer client", async (path) => {
    const ours: Array<Record<string, string>> = [
      { cookie, "sec-fetch-site": "same-origin" },
      { cookie, "sec-fetch-site": "none" },
      { cookie },
    ];
    for (const headers of ours) {
      const res = await t.app.request(path, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      await res.arrayBuffer();
    }
    const bearer = await t.app.request(path, {
      headers: { authorization: `Bearer ${cookie.split("=")[1]}`, "sec-fetch-site": "cross-site" },
    });
    expect(bearer.status).toBe(200);
    await bearer.arrayBuffer();
  });

  it("leaves reads alone: a cross-site navigation may still read the member's profile", async () => {
    const res = await t.app.request("/api/users/mine", { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});
