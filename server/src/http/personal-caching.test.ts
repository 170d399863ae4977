import {
  exportMembersRoute,
  getConfigRoute,
  getMyProfileRoute,
  getOperatorMemberRoute,
  getOperatorOverviewRoute,
  listMyBoxesRoute,
  listPointsHistoryRoute,
  searchOperatorMembersRoute,
  sendSignInCodeRoute,
  signInRoute,
} from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../test/admin.js";
import { apiClient, pathOf } from "../test/api-client.js";
import { createTestApp, latestCode, signInByCode } from "../test/app.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof apiClient>;
let auth: Record<string, string>;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
  const token = await signInByCode(t.app, "caching@example.com");
  await makeOperator(t.database.db, "caching@example.com");
  auth = { authorization: `Bearer ${token}` };
  memberId = (await api.data(getMyProfileRoute, { auth })).uid;
});
afterAll(() => t?.dispose());

describe("finding 12: no shared cache may keep a member's answers", () => {
  it("marks every authenticated answer private, no-store: profile, ledger, operator views, exports", async () => {
    const calls: Array<[string, () => Promise<Response>]> = [
      [pathOf(getMyProfileRoute), () => api.call(getMyProfileRoute, { auth })],
      [pathOf(listPointsHistoryRoute), () => api.call(listPointsHistoryRoute, { query: {}, auth })],
      [pathOf(listMyBoxesRoute), () => api.call(listMyBoxesRoute, { query: {}, auth })],
      [pathOf(getOperatorOverviewRoute), () => api.call(getOperatorOverviewRoute, { query: {}, auth })],
      [
        pathOf(getOperatorMemberRoute, { params: { id: memberId } }),
        () => api.call(getOperatorMemberRoute, { params: { id: memberId }, auth }),
      ],
      [
        pathOf(searchOperatorMembersRoute, { query: { q: "caching" } }),
        () => api.call(searchOperatorMembersRoute, { query: { q: "caching" }, auth }),
      ],
      [pathOf(exportMembersRoute), () => api.call(exportMembersRoute, { auth })],
    ];
    for (const [path, call] of calls) {
      const res = await call();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      await res.arrayBuffer();
    }
  });

  it("marks a refused answer to a signed-in member too (their own error, not a shared one)", async () => {
    // A cursor that names no page: the schema lets any short string through, the server refuses it.
    const res = await api.call(listMyBoxesRoute, { query: { cursor: "nonsense" }, auth });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("marks the sign-in answer, which carries the session token and cookie", async () => {
    await api.call(sendSignInCodeRoute, { body: { email: "caching-2@example.com", check_email: true } });
    const code = await latestCode(t.app, "caching-2@example.com");
    const res = await api.call(signInRoute, { body: { email: "caching-2@example.com", code, type: "code" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves public answers cacheable as they were", async () => {
    const res = await api.call(getConfigRoute);
    expect(res.headers.get("cache-control")).not.toBe("private, no-store");
  });
});
