import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../test/admin.js";
import { createTestApp, latestCode, postJson, signInByCode } from "../test/app.js";

let t: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  const token = await signInByCode(t.app, "caching@example.com");
  await makeOperator(t.database.db, "caching@example.com");
  auth = { authorization: `Bearer ${token}` };
  memberId = ((await (await t.app.request("/api/users/mine", { headers: auth })).json()) as { data: { uid: string } })
    .data.uid;
});
afterAll(() => t?.dispose());

describe("finding 12: no shared cache may keep a member's answers", () => {
  it("marks every authenticated answer private, no-store: profile, ledger, operator views, exports", async () => {
    for (const path of [
      "/api/users/mine",
      "/api/assets",
      "/api/boxes/mine",
      "/api/operator/overview",
      `/api/operator/members/${memberId}`,
      "/api/operator/members?q=caching",
      "/api/operator/exports/members.csv",
    ]) {
      const res = await t.app.request(path, { headers: auth });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      await res.arrayBuffer();
    }
  });

  it("marks a refused answer to a signed-in member too (their own error, not a shared one)", async () => {
    const res = await t.app.request("/api/boxes/mine?cursor=nonsense", { headers: auth });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("marks the sign-in answer, which carries the session token and cookie", async () => {
    await postJson(t.app, "/api/send_code", { email: "caching-2@example.com", check_email: true });
    const code = await latestCode(t.app, "caching-2@example.com");
    const res = await postJson(t.app, "/api/sign_in", { email: "caching-2@example.com", code, type: "code" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves public answers cacheable as they were", async () => {
    const res = await t.app.request("/api/config");
    expect(res.headers.get("cache-control")).not.toBe("private, no-store");
  });
});
