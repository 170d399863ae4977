import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";

type Operation = { operationId?: string; security?: unknown[]; tags?: string[] };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };
type LintReport = {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
};

const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
  "bin/cli.js",
);

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: OpenApiDocument;
let text: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request("/api/openapi.json");
  text = await res.text();
  doc = JSON.parse(text);
});
afterAll(() => t.dispose());

describe("the served OpenAPI document", () => {
  it("names every operation once and says whether it needs a session", () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      expect(operation.operationId).toBeTruthy();
      expect(operation.security).toBeDefined();
    }
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/config"]?.get?.security).toEqual([]);
    expect(doc.paths["/users/mine"]?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });

  it("passes Redocly's recommended lint rules with no errors", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "arcana-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      await writeFile(file, text);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [redoclyCli, "lint", "--extends=recommended", "--format=json", file],
        { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report: LintReport = JSON.parse(stdout);
      const errors = report.problems
        .filter((problem) => problem.severity === "error")
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
