import {
  consumeTasksRoute,
  exportBoxOpeningsRoute,
  exportLedgerRoute,
  exportMembersRoute,
  getKolSummaryRoute,
  getMyProfileRoute,
  getReferralSummaryRoute,
  listOperatorAuditRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../test/admin.js";
import { apiClient, errorCode, pathOf } from "../test/api-client.js";
import { createTestApp, signInByCode, unlimitedLimiter } from "../test/app.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
let token: string;
let cookie: string;

beforeAll(async () => {
  // Not about limits: the exports' per-operator limit (finding 5) would answer 429 to these repeated calls.
  t = await createTestApp({ limiter: unlimitedLimiter() });
  api = apiClient(t.app);
  token = await signInByCode(t.app, "cross-site@example.com");
  await makeOperator(t.database.db, "cross-site@example.com");
  cookie = `arcana_session=${token}`;
});
afterAll(() => t?.dispose());

// GETs that write (the contract fixes them as GETs): a link on another site opens them with the Lax cookie.
// The session rides in the cookie and the browser's sec-fetch-site, both outside the contract.
const writingGets = [
  consumeTasksRoute,
  getReferralSummaryRoute,
  getKolSummaryRoute,
  exportLedgerRoute,
  exportMembersRoute,
  exportBoxOpeningsRoute,
].map((route) => [pathOf(route), route] as const);

describe("finding 11: cookie-authenticated GETs that write refuse another site's navigation", () => {
  it.each(writingGets)("%s answers 403 foreign_origin to a cross-site navigation", async (_path, route) => {
    const res = await api.call(route, { extraHeaders: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("foreign_origin");
  });

  it("writes no export audit row for a refused cross-site export", async () => {
    const before = await api.data(listOperatorAuditRoute, { query: {}, extraHeaders: { cookie } });
    await api.call(exportMembersRoute, { extraHeaders: { cookie, "sec-fetch-site": "cross-site" } });
    const after = await api.data(listOperatorAuditRoute, { query: {}, extraHeaders: { cookie } });
    expect(after.items).toHaveLength(before.items.length);
  });

  it.each(writingGets)("%s still answers our own pages, a typed address and a bearer client", async (_path, route) => {
    const ours: Array<Record<string, string>> = [
      { cookie, "sec-fetch-site": "same-origin" },
      { cookie, "sec-fetch-site": "none" },
      { cookie },
    ];
    for (const headers of ours) {
      const res = await api.call(route, { extraHeaders: headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      await res.arrayBuffer();
    }
    const bearer = await api.call(route, {
      auth: { authorization: `Bearer ${token}` },
      extraHeaders: { "sec-fetch-site": "cross-site" },
    });
    expect(bearer.status).toBe(200);
    await bearer.arrayBuffer();
  });

  it("leaves reads alone: a cross-site navigation may still read the member's profile", async () => {
    const res = await api.call(getMyProfileRoute, { extraHeaders: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});
