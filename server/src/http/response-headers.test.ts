import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.js";
import { requestContext } from "./request-context.js";
import { securityHeaders } from "./security-headers.js";

/** The two middlewares that set headers on every answer, and answers of every kind. */
function headerApp() {
  const app = new Hono<AppEnv>();
  app.use(requestContext(pino({ level: "silent" })));
  app.use(
    securityHeaders({
      isProduction: true,
      connectSources: [],
      frameSources: [],
      hotReload: false,
      trustProxy: { kind: "hops", hops: 1 },
    }),
  );
  app.onError((_error, c) => c.json({ error: "boom" }, 500));
  app.get("/json", (c) => c.json({ status: "ok" }));
  app.get("/page", (c) => c.html(`<script nonce="${c.get("cspNonce")()}">1</script>`));
  app.get("/hashed", (c) => {
    c.set("cspScriptHashes", ["'sha256-abc'"]);
    return c.html("<p>cached</p>");
  });
  app.get("/own", (c) => {
    c.header("X-Frame-Options", "SAMEORIGIN");
    return c.text("own");
  });
  app.get("/raw", () => new Response("raw", { headers: { "content-type": "text/plain" } }));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  return app;
}

const app = headerApp();
const server = createServer(getRequestListener(app.fetch));
let base = "";
beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The same path asked over a real socket (`npm run serve`) and in-process (`app.request`). */
async function both(path: string, headers: Record<string, string> = {}) {
  return [await fetch(`${base}${path}`, { headers }), await app.request(path, { headers })] as const;
}

describe("headers on every answer, over a Node socket and in-process alike", () => {
  for (const path of ["/json", "/own", "/raw", "/boom", "/missing"]) {
    it(`${path}: the security headers, a CSP that allows nothing, and a request id`, async () => {
      for (const res of await both(path, { "x-forwarded-proto": "https" })) {
        expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("permissions-policy")).toBeNull();
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  }

  it("HSTS only on an answer to HTTPS (RFC 6797 §7.2): never over plain HTTP, whatever a client not behind the proxy says", async () => {
    for (const path of ["/json", "/page", "/boom"]) {
      for (const res of await both(path)) expect(res.headers.get("strict-transport-security")).toBeNull();
      for (const res of await both(path, { "x-forwarded-proto": "http" }))
        expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    // Two proxies' entries with one trusted: the one it wrote is what counts.
    for (const res of await both("/json", { "x-forwarded-proto": "https, http" }))
      expect(res.headers.get("strict-transport-security")).toBeNull();
    for (const res of await both("/json", { "x-forwarded-proto": "http, HTTPS" }))
      expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("without TRUST_PROXY, X-Forwarded-Proto is the client's own word: no HSTS over plain HTTP", async () => {
    const direct = new Hono<AppEnv>();
    direct.use(
      securityHeaders({
        isProduction: true,
        connectSources: [],
        frameSources: [],
        hotReload: false,
        trustProxy: { kind: "none" },
      }),
    );
    direct.get("/json", (c) => c.json({ status: "ok" }));
    const res = await direct.request("/json", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a header the handler set itself wins", async () => {
    for (const res of await both("/own")) expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    for (const res of await both("/json")) expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("a page's CSP names its nonce, or its scripts' hashes, instead of the default policy", async () => {
    for (const res of await both("/page")) {
      const nonce = (await res.text()).match(/nonce="([^"]+)"/)?.[1];
      expect(res.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(res.headers.get("content-security-policy")?.match(/script-src/g)).toHaveLength(1);
      expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    }
    for (const res of await both("/hashed"))
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-abc'");
  });

  it("keeps a caller's plain request id and replaces one that is not plain", async () => {
    for (const res of await both("/json", { "x-request-id": "trace-123=" }))
      expect(res.headers.get("x-request-id")).toBe("trace-123=");
    for (const res of await both("/json", { "x-request-id": "bad id<script>" }))
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
