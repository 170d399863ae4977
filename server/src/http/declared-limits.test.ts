import type { ApiRoute } from "@arcana/protocol";
import * as protocol from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimiter } from "../rate-limit/limiter.js";
import { makeOperator } from "../test/admin.js";
import { apiClient, type UncheckedInput } from "../test/api-client.js";
import { createTestApp } from "../test/app.js";
import { signUpMember } from "../test/members.js";

/** Allows every hit until `refuse` is set; then refuses every one, as a limit that has run out. */
function switchableLimiter() {
  const state = { refuse: false };
  const answer = () => ({ allowed: !state.refuse, retryAfterSeconds: state.refuse ? 60 : 0 });
  const limiter: RateLimiter = {
    hit: async () => answer(),
    peek: async () => answer(),
    reset: async () => {},
    ping: async () => {},
    close: async () => {},
  };
  return { limiter, state };
}

/** Every API call of the contract; the ones that end the session last, so the others run signed in. */
const endsSession = new Set(["signOut", "signOutEverywhere"]);
const isRoute = (value: unknown): value is ApiRoute =>
  typeof value === "object" && value !== null && "operationId" in value && "errors" in value && "security" in value;
const everyRoute = (Object.values(protocol) as unknown[])
  .filter(isRoute)
  .sort((a, b) => Number(endsSession.has(a.operationId)) - Number(endsSession.has(b.operationId)));

const placeholderId = "00000000-0000-4000-8000-000000000000";
/** Inputs that reach each limited route's limit (a valid request); every other route gets an empty one. */
const reachingInputs: Record<string, UncheckedInput> = {
  sendSignInCode: { body: { email: "limited@example.com" } },
  signIn: { body: { type: "code", email: "limited@example.com", code: "123456" } },
  changePassword: { body: { code: "123456", new_password: "a new password here" } },
  issueWalletNonce: {},
  useReferralCode: { body: { code: "NOSUCHCODE" } },
  purchaseBoxes: { body: { box_id: "star", quantity: 1 } },
  openBox: { body: { owned_box_id: placeholderId } },
  rotateBoxSeed: { body: {} },
  consumeTasks: {},
  exportLedger: {},
  exportMembers: {},
  exportBoxOpenings: {},
  getSponsorship: {},
  relay: {
    body: {
      chain_id: 31337,
      request: {
        from: `0x${"11".repeat(20)}`,
        to: `0x${"22".repeat(20)}`,
        value: "0",
        gas: "120000",
        nonce: "0",
        deadline: 4_000_000_000,
        data: "0x183ff085",
      },
      signature: `0x${"11".repeat(65)}`,
    },
  },
  listPublicOpenings: {},
  getOpeningsDayFile: { params: { file: "2026-11-22.jsonl" } },
  getPublicFairness: {},
};

const switchable = switchableLimiter();
let t: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ limiter: switchable.limiter });
  const member = await signUpMember(t, "limits-operator@example.com");
  await makeOperator(t.database.db, "limits-operator@example.com");
  auth = member.auth;
  switchable.state.refuse = true;
});
afterAll(() => t.dispose());

describe("finding 17: every route that can answer 429 lists it in the OpenAPI document", () => {
  it("a route that reaches a limit declares 429 (the limiter refuses an undeclared one with a 500)", async () => {
    const api = apiClient(t.app);
    const undeclared: string[] = [];
    const limited: string[] = [];
    for (const route of everyRoute) {
      const input = reachingInputs[route.operationId] ?? { body: route.request?.body ? {} : undefined };
      const params =
        input.params ??
        Object.fromEntries(
          Object.keys(route.request?.params?.shape ?? {}).map((name) => [name, name === "id" ? placeholderId : "1"]),
        );
      const res = await api.unchecked(route, { ...input, params, auth });
      if (res.status === 429) limited.push(route.operationId);
      if (res.status === 500 || (res.status === 429 && !route.errors.includes(429))) {
        undeclared.push(`${route.operationId}: ${res.status} ${await res.text()}`);
      }
    }
    expect(undeclared).toEqual([]);
    // The sweep reached every limit it has an input for (so it checks something).
    expect(limited.sort()).toEqual(Object.keys(reachingInputs).sort());
  });

  it("the document lists 429 for exactly the routes that declare it, wallet nonces included", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const documented = new Map<string, boolean>();
    for (const methods of Object.values(doc.paths)) {
      for (const operation of Object.values(methods))
        documented.set(operation.operationId, "429" in operation.responses);
    }
    for (const route of everyRoute)
      expect(documented.get(route.operationId), route.operationId).toBe(route.errors.includes(429));
    expect(documented.get("issueWalletNonce")).toBe(true);
  });
});
