import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressWhenAccepted } from "./compression.js";

function compressingApp() {
  const app = new Hono();
  app.use(compressWhenAccepted());
  const answer = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
  app.get("/list", (c) => c.json(answer));
  app.post("/write", (c) => c.json({ data: { relay_id: "r1", state: "queued" } }, 202));
  return app;
}

describe("compression", () => {
  const app = compressingApp();
  const gzip = { "accept-encoding": "gzip, deflate" };

  it("compresses a read's answer for a client that accepts gzip, and says it varies on that", async () => {
    const res = await app.request("/list", { headers: gzip });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = res.body?.pipeThrough(new DecompressionStream("gzip"));
    expect(((await new Response(body).json()) as { items: unknown[] }).items).toHaveLength(200);
  });

  it("sends a write's small answer as it is, with the same Vary", async () => {
    const res = await app.request("/write", { method: "POST", headers: gzip });
    expect(res.status).toBe(202);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await res.json()).toEqual({ data: { relay_id: "r1", state: "queued" } });
  });

  it("compresses nothing for a client that accepts neither", async () => {
    const res = await app.request("/list");
    expect(res.headers.get("content-encoding")).toBeNull();
  });
});
