// How the fuzz breaks values: wrong types and edge values anywhere, and for every string, integer and
// date field it discovers in a route's schema, the inputs that reach PostgreSQL's limits (issue 26,
// finding 7): NUL bytes, integers past int4 and int8, years 0000 and past 9999. A new route gets them
// from its OpenAPI schema without a line here.
import fc from "fast-check";
import { type OpenApiDocument, resolve, type Schema, validValue } from "./fuzz-schema.js";

const ONE_MB = "x".repeat(1024 * 1024);
// A request head over Node's 16 KB limit is refused by Node's HTTP parser (431, no body) before the
// app sees it: each path or query value stays within 4 KB encoded; bodies get the full megabyte.
export const URL_STRING_LIMIT = 4 * 1024;

/** Values that break schemas: wrong types, edge numbers, odd and huge strings. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
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

/** Integers PostgreSQL's int4 and int8 cannot hold, huge, negative and not quite integers. */
const INTEGER_OVERFLOWS: unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 63,
  -(2 ** 63) - 1024,
  2 ** 64,
  1e19,
  -1e19,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  -1,
  -(2 ** 31),
  // As digits: a query or path value is text, and JSON can carry more digits than a double holds.
  "2147483648",
  "-2147483649",
  "9223372036854775808",
  "-9223372036854775809",
  "99999999999999999999999999",
  "1e400",
];

/** Dates PostgreSQL or JavaScript cannot represent (year 0000, past 9999, past Date's range) and their edges. */
const FAR_DATES = [
  "0000-01-01",
  "0000-01-01T00:00:00.000Z",
  "-000001-01-01T00:00:00.000Z",
  "0001-01-01",
  "9999-12-31T23:59:59.999Z",
  "10000-01-01",
  "+010000-01-01T00:00:00.000Z",
  "99999-12-31",
  "+275760-09-13T00:00:00.000Z",
  "+275760-09-14T00:00:00.000Z",
];

/** A field's name says it holds a date even when its schema is a plain string. */
const DATE_NAME = /(^|_)(from|to|since|until|before|after|date|day|at)$/i;

type FieldKind = "string" | "date" | "integer";

function kindOf(schema: Schema, name: string | undefined): FieldKind | null {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number") return "integer";
  if (type !== "string" || schema.enum || schema.const !== undefined) return null;
  const dated =
    schema.format === "date" ||
    schema.format === "date-time" ||
    (schema.pattern !== undefined && /\\d\{4\}|\[0-9\]\{4\}/.test(schema.pattern)) ||
    (name !== undefined && DATE_NAME.test(name));
  return dated ? "date" : "string";
}

/** A valid string with NUL bytes at its start, middle or end, or NUL alone. */
function withNul(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom("\u0000", "\u0000\u0000", "a\u0000b", "x@example.com\u0000"),
    fc.tuple(valid, fc.nat(), fc.constantFrom("\u0000", "\u0000\u0000\u0000")).map(([value, at, nul]) => {
      const text = typeof value === "string" ? value : String(value ?? "");
      const i = at % (text.length + 1);
      return `${text.slice(0, i)}${nul}${text.slice(i)}`;
    }),
  );
}

/** A valid date with its year set to 0000 or past 9999, or a far date outright. */
function farDate(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...FAR_DATES),
    fc
      .tuple(valid, fc.constantFrom("0000", "10000", "+010000", "-000001", "275761"))
      .map(([value, year]) => (typeof value === "string" ? value.replace(/^[+-]?\d{4,6}/, year) : year)),
  );
}

const MAX_DEPTH = 4;

/**
 * The value with one string, integer or date field (at any depth) replaced by a value at PostgreSQL's
 * limits; null when the schema holds no such field.
 */
export function fieldMutation(
  input: Schema,
  doc: OpenApiDocument,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> | null {
  const schema = resolve(input, doc);
  if (depth > MAX_DEPTH) return null;
  const choices = schema.oneOf ?? schema.anyOf ?? (schema.allOf?.[0] ? [schema.allOf[0]] : null);
  if (choices) {
    const mutations = choices.flatMap((choice) => fieldMutation(choice, doc, name, depth + 1) ?? []);
    return mutations.length > 0 ? fc.oneof(...mutations) : null;
  }
  const kind = kindOf(schema, name);
  if (kind === "integer") return fc.constantFrom(...INTEGER_OVERFLOWS);
  if (kind === "string") return withNul(validValue(schema, doc));
  if (kind === "date") return fc.oneof(farDate(validValue(schema, doc)), withNul(validValue(schema, doc)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "array" && schema.items) {
    const item = fieldMutation(schema.items, doc, name, depth + 1);
    if (!item) return null;
    return fc
      .tuple(fc.array(validValue(schema.items, doc), { maxLength: 3 }), item, fc.nat())
      .map(([items, broken, at]) => {
        const copy = [...items];
        copy.splice(at % (copy.length + 1), 0, broken);
        return copy;
      });
  }
  const properties = schema.properties ?? {};
  const mutable = Object.entries(properties).flatMap(([key, value]) => {
    const mutation = fieldMutation(value, doc, key, depth + 1);
    return mutation ? [{ key, mutation }] : [];
  });
  if (mutable.length === 0) return null;
  const valid = validValue(schema, doc);
  return fc.oneof(
    ...mutable.map(({ key, mutation }) =>
      fc.tuple(valid, mutation).map(([value, broken]) => ({ ...(value as object), [key]: broken })),
    ),
  );
}

/** The string, integer and date fields of a schema (at any depth), for the report. */
export function countFields(
  input: Schema,
  doc: OpenApiDocument,
  counts: Record<FieldKind, number>,
  name?: string,
  depth = 0,
): void {
  const schema = resolve(input, doc);
  if (depth > MAX_DEPTH) return;
  const choices = schema.oneOf ?? schema.anyOf ?? (schema.allOf?.[0] ? [schema.allOf[0]] : null);
  if (choices) {
    for (const choice of choices) countFields(choice, doc, counts, name, depth + 1);
    return;
  }
  const kind = kindOf(schema, name);
  if (kind) {
    counts[kind] += 1;
    return;
  }
  if (schema.items) countFields(schema.items, doc, counts, name, depth + 1);
  for (const [key, value] of Object.entries(schema.properties ?? {})) countFields(value, doc, counts, key, depth + 1);
}

/** A valid value, or one broken in one of the ways clients break them. */
export function brokenValue(schema: Schema, doc: OpenApiDocument, name?: string): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, doc);
  const valid = validValue(resolved, doc);
  const mutation = fieldMutation(resolved, doc, name);
  const variants: fc.Arbitrary<unknown>[] = [valid, nastyValue, ...(mutation ? [mutation, mutation] : [])];
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
export function encodedBody(schema: Schema | null, doc: OpenApiDocument) {
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
