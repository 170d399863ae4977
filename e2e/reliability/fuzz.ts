import { errorCodes } from "@arcana/protocol";
import fc from "fast-check";
import type { Answer, Member, RawRequest } from "./client.js";
import { errorCodeOf, send } from "./client.js";
import { changes, type Snapshot, snapshotQuery, takeSnapshot } from "./database.js";
import type { Environment } from "./environment.js";
import { brokenValue, countFields, encodedBody, nastyValue, URL_STRING_LIMIT } from "./fuzz-mutations.js";
import { type OpenApiDocument, type Operation, operationsOf, type Parameter } from "./fuzz-schema.js";
import type { CheckResult } from "./report.js";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoded and at most URL_STRING_LIMIT characters once encoded. */
function urlPart(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  // Every character encodes to at least one, so only the first URL_STRING_LIMIT can fit: cut there before splitting
  // (a pair cut in two becomes U+FFFD below). Splitting and encoding the fuzzer's huge strings whole was a quarter of
  // the fuzz's time.
  let chars = Array.from(text.slice(0, URL_STRING_LIMIT).replace(loneSurrogate, "\uFFFD"));
  let encoded = encodeURIComponent(chars.join(""));
  while (encoded.length > URL_STRING_LIMIT) {
    chars = chars.slice(0, Math.floor(chars.length / 2));
    encoded = encodeURIComponent(chars.join(""));
  }
  return encoded;
}

/** Header values an HTTP client can send at all (visible latin-1, no control characters). */
function headerSafe(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.slice(0, URL_STRING_LIMIT).replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

type Auth = "member" | "none" | "garbage" | "cookie";

function requestFor(doc: OpenApiDocument, op: Operation) {
  const params = (where: Parameter["in"]) => op.parameters.filter((p) => p.in === where);
  const paramValues = (list: Parameter[]) =>
    fc.tuple(
      ...list.map((p) =>
        fc.oneof(
          p.required
            ? brokenValue(p.schema, doc, p.name)
            : fc.option(brokenValue(p.schema, doc, p.name), { nil: undefined }),
        ),
      ),
    );
  return fc.record({
    path: paramValues(params("path")),
    query: paramValues(params("query")),
    headers: paramValues(params("header")),
    extraQuery: fc.option(fc.tuple(fc.string({ maxLength: 8 }), nastyValue), { nil: undefined }),
    body: encodedBody(op.body, doc),
    auth: fc.constantFrom<Auth>("member", "member", "none", "garbage", "cookie"),
  });
}

type GeneratedRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

function toRawRequest(op: Operation, generated: GeneratedRequest, member: Member): RawRequest {
  let path = op.path;
  params(op, "path").forEach((p, i) => {
    path = path.replace(`{${p.name}}`, urlPart(generated.path[i] ?? ""));
  });
  const query: string[] = [];
  params(op, "query").forEach((p, i) => {
    const value = generated.query[i];
    if (value !== undefined) query.push(`${p.name}=${urlPart(value)}`);
  });
  if (generated.extraQuery) query.push(`${urlPart(generated.extraQuery[0])}=${urlPart(generated.extraQuery[1])}`);
  const headers: Record<string, string> = { "x-forwarded-for": member.ip };
  params(op, "header").forEach((p, i) => {
    const value = generated.headers[i];
    if (value !== undefined) headers[p.name] = headerSafe(value);
  });
  if (generated.auth === "member") headers.authorization = `Bearer ${member.token}`;
  if (generated.auth === "garbage") headers.authorization = "Bearer not-a-session-token";
  // A cookie-authenticated write from a foreign origin must be refused.
  if (generated.auth === "cookie") {
    headers.cookie = `arcana_session=${member.token}`;
    headers.origin = "http://evil.example";
  }
  const withBody = op.method !== "get" && op.method !== "head";
  if (withBody && generated.body.body !== undefined) {
    if (generated.body.contentType) headers["content-type"] = generated.body.contentType;
  }
  const search = query.join("&");
  return {
    method: op.method.toUpperCase(),
    path: `/api${path}${search ? `?${search}` : ""}`,
    headers,
    ...(withBody && generated.body.body !== undefined ? { body: generated.body.body } : {}),
  };
}

function params(op: Operation, where: Parameter["in"]) {
  return op.parameters.filter((p) => p.in === where);
}

const knownCodes = new Set<string>(errorCodes);

/** What went wrong with one answer, or null when it kept every promise. */
function judge(answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status >= 400) {
    const code = errorCodeOf(answer);
    if (!code || !knownCodes.has(code))
      return `answered ${answer.status} without a protocol error code: ${answer.text.slice(0, 200)}`;
  }
  return null;
}

/**
 * Check 1: every route of the served OpenAPI document gets `runs` generated-then-broken requests,
 * signed in and not; no 5xx, every 4xx a protocol code, a refused request changes nothing.
 */
export async function fuzzEveryRoute(
  env: Environment,
  baseUrl: string,
  newMember: () => Promise<Member>,
  runs: number,
): Promise<CheckResult[]> {
  const doc = (await send(baseUrl, { method: "GET", path: "/api/openapi.json" })).json as OpenApiDocument;
  const ops = operationsOf(doc);
  // The fields that get NUL bytes, overflowing integers and far dates (fuzz-mutations.ts).
  const fields = { string: 0, integer: 0, date: 0 };
  for (const op of ops) {
    for (const p of op.parameters) countFields(p.schema, doc, fields, p.name);
    if (op.body) countFields(op.body, doc, fields);
  }
  const query = await snapshotQuery(env.sql);
  let requests = 0;
  let serverErrors = 0;
  let unknownCodes = 0;
  let partialWrites = 0;
  const failures: string[] = [];
  let member = await newMember();
  for (const op of ops) {
    // A route may have signed the member out (sign_out, change_password): then a new one.
    if (
      (
        await send(baseUrl, {
          method: "GET",
          path: "/api/users/mine",
          headers: { authorization: `Bearer ${member.token}` },
        })
      ).status !== 200
    )
      member = await newMember();
    const current = member;
    const route = `${op.method.toUpperCase()} ${op.path}`;
    let before: Snapshot = await takeSnapshot(env.sql, query);
    const result = await fc.check(
      fc.asyncProperty(requestFor(doc, op), async (generated) => {
        const raw = toRawRequest(op, generated, current);
        requests += 1;
        const answer = await send(baseUrl, raw);
        const problem = judge(answer);
        if (problem) {
          if (answer.status >= 500) serverErrors += 1;
          else unknownCodes += 1;
          throw new Error(`${route} ${problem}`);
        }
        const after = await takeSnapshot(env.sql, query);
        if (answer.status >= 400) {
          const changed = changes(before, after);
          if (changed.length > 0) {
            partialWrites += 1;
            before = after;
            throw new Error(`${route} refused with ${errorCodeOf(answer)} but changed ${changed.join("; ")}`);
          }
        }
        before = after;
      }),
      { numRuns: runs, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: true },
    );
    if (result.failed) {
      const shrunk = result.counterexample ? JSON.stringify(result.counterexample[0]).slice(0, 600) : "none";
      failures.push(
        `${route}: ${result.errorInstance instanceof Error ? result.errorInstance.message : "interrupted"} ` +
          `(seed ${result.seed}, path ${result.counterexamplePath}, shrunk input ${shrunk})`,
      );
    }
  }
  return [
    {
      check: "fuzz: routes from /api/openapi.json",
      attempts: requests,
      failures: failures.length,
      figure:
        `${ops.length} routes, ${requests} requests, ` +
        `${fields.string} string, ${fields.integer} integer and ${fields.date} date fields mutated, ` +
        `${serverErrors} 5xx, ${unknownCodes} unknown codes, ${partialWrites} partial writes`,
      details: failures,
    },
  ];
}
