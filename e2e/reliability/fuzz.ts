import { errorCodes } from "@arcana/protocol";
import fc from "fast-check";
import type { Answer, Member, RawRequest } from "./client.js";
import { errorCodeOf, send } from "./client.js";
import { changes, type Snapshot, snapshotQuery, takeSnapshot } from "./database.js";
import type { Environment } from "./environment.js";
import type { CheckResult } from "./report.js";

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  signedIn: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: Schema }> };
        security?: unknown[];
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

const ONE_MB = "x".repeat(1024 * 1024);
// A request head over Node's 16 KB limit is refused by Node's HTTP parser (431, no body) before the
// app sees it: each path or query value stays within 4 KB encoded; bodies get the full megabyte.
const URL_STRING_LIMIT = 4 * 1024;

/** Values that break schemas: wrong types, edge numbers, odd and huge strings. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      2 ** 31,
      2 ** 31 - 1,
      -(2 ** 31),
      3e9,
      -3e9,
      -1,
      0,
      0.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\u202e\u0301é漢字💥",
      "null",
      "-1",
      "1e309",
      "0x",
      "'; drop table users; --",
      "../../etc/passwd",
      null,
      true,
      false,
      [],
      {},
      [1, "2", null],
      { nested: { deeper: [1] } },
    ),
  },
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  // Rarer: a megabyte per request is slow to send on a busy machine, and one in ~20 is plenty.
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
);

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve(doc.components?.schemas?.[name] ?? {}, doc);
}

/** Values that satisfy the schema (as far as a JSON Schema says). */
function validValue(input: Schema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  const schema = resolve(input, doc);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, doc)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], doc);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = validValue(value, doc);
      return fc.record(record, { requiredKeys: schema.required?.filter((key) => key in properties) ?? [] });
    }
    case "array":
      return fc.array(validValue(schema.items ?? {}, doc), { maxLength: 4 });
    case "integer": {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
        fc.constantFrom(min, max, Math.min(max, min + 1)),
      );
    }
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string": {
      if (schema.format === "uuid") return fc.uuid();
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? 10_000));
      }
      if (schema.format === "date" || schema.format === "date-time") return fc.date().map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid value, or one broken in one of the ways clients break them. */
function brokenValue(schema: Schema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, doc);
  const valid = validValue(resolved, doc);
  const variants: fc.Arbitrary<unknown>[] = [valid, nastyValue];
  const properties = resolved.properties;
  if (properties && Object.keys(properties).length > 0) {
    const keys = Object.keys(properties);
    variants.push(
      // One field of the wrong type or an edge value.
      fc
        .tuple(valid, fc.constantFrom(...keys), nastyValue)
        .map(([value, key, nasty]) => ({ ...(value as object), [key]: nasty })),
      // A required field missing.
      fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      // An extra field.
      fc
        .tuple(valid, fc.string({ maxLength: 12 }), nastyValue)
        .map(([value, key, nasty]) => ({ ...(value as object), [key]: nasty })),
    );
  }
  return fc.oneof(...variants);
}

/** How the body goes on the wire: JSON, the wrong content type, broken JSON, duplicated keys. */
function encodedBody(schema: Schema | null, doc: OpenApiDocument) {
  const value = schema ? brokenValue(schema, doc) : fc.oneof(fc.constant(undefined), nastyValue);
  const keys = schema ? Object.keys(resolve(schema, doc).properties ?? {}) : [];
  const json = "application/json";
  return fc.oneof(
    {
      weight: 5,
      arbitrary: value.map((v) => ({ contentType: json, body: v === undefined ? undefined : JSON.stringify(v) })),
    },
    value.chain((v) =>
      fc
        .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "")
        .map((contentType) => ({ contentType, body: JSON.stringify(v ?? {}) })),
    ),
    fc
      .constantFrom("{", '{"a":', "{'a':1}", "nul", '{"a":1}}', "\u0000", "[", '"unterminated', '{"a":1,}')
      .map((body) => ({ contentType: json, body })),
    fc.tuple(value, fc.constantFrom(...(keys.length ? keys : ["x"])), nastyValue).map(([v, key, nasty]) => {
      const text = JSON.stringify(v ?? {});
      const inner = text.startsWith("{") && text.length > 2 ? `,${text.slice(1, -1)}` : "";
      // The same key twice, the broken value first and then last.
      return { contentType: json, body: `{${JSON.stringify(key)}:${JSON.stringify(nasty)}${inner}}` };
    }),
    fc.constant({ contentType: json, body: `{"padding":"${ONE_MB}"}` }),
  );
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoded and at most URL_STRING_LIMIT characters once encoded. */
function urlPart(value: unknown): string {
  let chars = Array.from(
    (typeof value === "string" ? value : (JSON.stringify(value) ?? "")).replace(loneSurrogate, "\uFFFD"),
  );
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
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?").slice(0, URL_STRING_LIMIT);
}

type Auth = "member" | "none" | "garbage" | "cookie";

function requestFor(doc: OpenApiDocument, op: Operation) {
  const params = (where: Parameter["in"]) => op.parameters.filter((p) => p.in === where);
  const paramValues = (list: Parameter[]) =>
    fc.tuple(
      ...list.map((p) =>
        fc.oneof(p.required ? brokenValue(p.schema, doc) : fc.option(brokenValue(p.schema, doc), { nil: undefined })),
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

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema ?? null,
        signedIn: (op.security ?? []).length > 0,
      });
    }
  }
  return ops;
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
      figure: `${ops.length} routes, ${requests} requests, ${serverErrors} 5xx, ${unknownCodes} unknown codes, ${partialWrites} partial writes`,
      details: failures,
    },
  ];
}
