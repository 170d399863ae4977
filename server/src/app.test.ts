import { errorBodySchema, getConfigRoute, getMyProfileRoute } from "@arcana/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "./shared/errors.js";
import { apiClient, dataOf, pathOf } from "./test/api-client.js";
import { createTestApp, productionEnv } from "./test/app.js";

// Most of this file calls addresses that are not routes of the contract, by their literal paths: the
// operations endpoints, the API reference and its OpenAPI document, addresses no route answers, and the
// routes below that fail on purpose.
/** The API reference: a page, not a route of the contract. */
const apiReference = "/api/docs";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Routes that fail on purpose, to see what a caller gets back.
  t = await createTestApp({
    extraApiRoutes: (api) => {
      api.get("/test/boom", () => {
        throw new Error("secret connection string postgres://user:pw@db");
      });
      api.get("/test/conflict", () => {
        throw new ApiError("conflict", "That wallet is bound to another account.");
      });
    },
  });
});
afterAll(() => t.dispose());

describe("API envelope", () => {
  it("answers an unknown API path with a 404 error envelope", async () => {
    const res = await t.app.request("/api/nope");
    expect(res.status).toBe(404);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error.code).toBe("not_found");
  });

  it("hides the internals of an unexpected error behind a 500 envelope with a reference", async () => {
    const res = await t.app.request("/api/test/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("postgres://");
    const body = errorBodySchema.parse(JSON.parse(text));
    expect(body.error.code).toBe("internal_error");
    expect(body.error.message).toContain(res.headers.get("x-request-id"));
  });

  it("answers a known failure with its own code and status", async () => {
    const res = await t.app.request("/api/test/conflict");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: "conflict", message: "That wallet is bound to another account." },
    });
  });

  it("refuses an oversized body with 413 payload_too_large", async () => {
    const res = await t.app.request("/api/nope", {
      method: "POST",
      body: "x".repeat(70 * 1024),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});

describe("operations endpoints", () => {
  it("says the process is up", async () => {
    const res = await t.app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("says it is ready when the database answers", async () => {
    const res = await t.app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", checks: { database: { ok: true } }, version: "0.2.0" });
  });

  it("exposes request counts and latency histograms by route", async () => {
    await t.app.request("/healthz");
    const res = await t.app.request("/metrics");
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"\} \d+/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it("counts each answer once in its own series", async () => {
    const count = async (series: RegExp) =>
      Number((await (await t.app.request("/metrics")).text()).match(series)?.[1] ?? 0);
    const ok = /http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/;
    const missing = /http_requests_total\{method="GET",route="\/api\/\*",status="404"\} (\d+)/;
    const timed = /http_request_duration_seconds_count\{method="GET",route="\/healthz"\} (\d+)/;
    const before = [await count(ok), await count(missing), await count(timed)];
    for (let i = 0; i < 3; i++) await t.app.request("/healthz");
    await t.app.request("/api/no-such-endpoint");
    expect([await count(ok), await count(missing), await count(timed)]).toEqual([
      (before[0] ?? 0) + 3,
      (before[1] ?? 0) + 1,
      (before[2] ?? 0) + 3,
    ]);
  });

  it("publishes the configuration the web needs, without secrets", async () => {
    const res = await apiClient(t.app).call(getConfigRoute);
    expect(res.status).toBe(200);
    // The secret is looked for in the answer as sent: read through its schema, a field it does not know would not show.
    expect(await res.clone().text()).not.toContain(t.config.sessionSecret);
    expect(await dataOf(getConfigRoute, res)).toMatchObject({
      environment: "test",
      default_chain_id: 31337,
      solana_cluster: "mainnet-beta",
      walletconnect_project_id: null,
    });
  });

  it("documents the API as OpenAPI and renders a reference page", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/config");
    const page = await t.app.request(apiReference);
    expect(page.status).toBe(200);
    const html = await page.text();
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`<script nonce="${nonce}" src="${apiReference}/standalone.js">`);
    const bundle = await t.app.request(`${apiReference}/standalone.js`);
    expect(bundle.status).toBe(200);
  });
});

describe("security headers", () => {
  it("gives an answer that is not a page a CSP that allows nothing, nosniff, and no document-only headers", async () => {
    for (const path of ["/healthz", pathOf(getMyProfileRoute), "/api/no-such-endpoint"]) {
      const res = await t.app.request(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(res.headers.get("permissions-policy")).toBeNull();
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("gives a page the page policy: framing forbidden, no inline script without the nonce, document headers", async () => {
    const page = await t.app.request(apiReference);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives every HTML page a fresh nonce of its own, past a refill of the nonce pool", async () => {
    const nonces = [];
    for (let i = 0; i < 300; i++) {
      const page = await t.app.request(apiReference);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(
        page.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce).toBeDefined();
      expect(await page.text()).toContain(`<script nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(300);
    // 16 random bytes each.
    for (const nonce of nonces) expect(Buffer.from(nonce as string, "base64")).toHaveLength(16);
  });

  it("lets the page reach the Solana RPC, and WalletConnect's relay and verify frame only when it is configured", async () => {
    const plain = (await t.app.request(apiReference)).headers.get("content-security-policy") ?? "";
    expect(plain).toContain("https://api.mainnet-beta.solana.com");
    expect(plain).toContain("frame-src 'self';");
    expect(plain).not.toContain("walletconnect");

    const withWalletConnect = await createTestApp({ env: { WALLETCONNECT_PROJECT_ID: "0123456789abcdef" } });
    try {
      const csp = (await withWalletConnect.app.request(apiReference)).headers.get("content-security-policy") ?? "";
      expect(csp).toContain("wss://relay.walletconnect.com");
      expect(csp).toContain("frame-src 'self' https://verify.walletconnect.com https://verify.walletconnect.org;");
    } finally {
      await withWalletConnect.dispose();
    }
  });

  it("adds HSTS in production to answers over HTTPS only: as the trusted proxy says, never over plain HTTP", async () => {
    const prod = await createTestApp({ env: { ...productionEnv, TRUST_PROXY: "1" } });
    try {
      const viaTls = await prod.app.request("/healthz", { headers: { "x-forwarded-proto": "https" } });
      expect(viaTls.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      const plain = await prod.app.request("/healthz");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      const viaPlainProxy = await prod.app.request("/healthz", { headers: { "x-forwarded-proto": "http" } });
      expect(viaPlainProxy.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await prod.dispose();
    }
  });
});

describe("a database that goes away", () => {
  it("turns readiness to 503 naming the database, and API calls into 503 dependency_unavailable", async () => {
    const lost = await createTestApp({
      extraApiRoutes: (api) => {
        api.get("/test/db", async () => {
          await lost.database.ping();
          return new Response("unreachable");
        });
      },
    });
    await lost.database.close();
    try {
      const ready = await lost.app.request("/readyz");
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { checks: { database: { ok: boolean; reason: string } } };
      expect(body.checks.database).toEqual({ ok: false, reason: "database unavailable" });
      const call = await lost.app.request("/api/test/db");
      expect(call.status).toBe(503);
      expect(call.headers.get("retry-after")).toBe("5");
      expect(((await call.json()) as { error: unknown }).error).toMatchObject({
        code: "dependency_unavailable",
        dependency: "database",
      });
    } finally {
      await lost.dispose().catch(() => {});
    }
  });
});

describe("finding 11: /readyz and /metrics show nothing internal to the public", () => {
  it("names the dependency that is down in /readyz, never its error text", async () => {
    const lost = await createTestApp();
    await lost.database.close();
    try {
      const ready = await lost.app.request("/readyz");
      expect(ready.status).toBe(503);
      const text = await ready.text();
      expect(JSON.parse(text)).toEqual({
        status: "unavailable",
        checks: { database: { ok: false, reason: "database unavailable" } },
        version: "0.2.0",
      });
      expect(text).not.toMatch(/closed|PGlite|Error|refused|terminat/i);
    } finally {
      await lost.dispose().catch(() => {});
    }
  });

  it("serves /metrics only with METRICS_TOKEN as a bearer token", async () => {
    const token = "metrics-token-0123456789";
    const guarded = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      expect((await guarded.app.request("/metrics")).status).toBe(401);
      const wrong = await guarded.app.request("/metrics", { headers: { authorization: "Bearer nope-nope-nope-nope" } });
      expect(wrong.status).toBe(401);
      const right = await guarded.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("http_requests_total");
    } finally {
      await guarded.dispose();
    }
  });

  it("does not serve /metrics in production without METRICS_TOKEN", async () => {
    const prod = await createTestApp({ env: productionEnv });
    try {
      const res = await prod.app.request("/metrics");
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("http_requests_total");
    } finally {
      await prod.dispose();
    }
  });
});
