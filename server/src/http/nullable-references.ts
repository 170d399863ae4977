/**
 * zod-to-openapi writes a nullable registered schema (`txHashSchema.nullable()`) as
 * `allOf: [{$ref}, {type: ["string", "null"]}]`, which null can never satisfy: the `$ref` branch
 * refuses it. This rewrites every such pair, anywhere in the document, as
 * `anyOf: [{$ref}, {type: "null"}]` (what JSON Schema 2020-12 means by "this schema, or null"),
 * keeping annotations (description, example…) beside it and any other constraint with the reference.
 */
export function withNullableReferences<T>(document: T): T {
  return rewrite(document) as T;
}

const annotations = new Set([
  "description",
  "title",
  "example",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== "object") return node;
  const object = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
  const nullable = nullableReference(object);
  if (!nullable) return object;
  const { allOf: _, ...outside } = object;
  const { reference, extra } = nullable;
  const kept = Object.fromEntries(Object.entries(extra).filter(([key]) => annotations.has(key)));
  const constraints = Object.fromEntries(
    Object.entries(extra).filter(([key]) => key !== "type" && !annotations.has(key)),
  );
  const referenced = Object.keys(constraints).length > 0 ? { allOf: [reference, constraints] } : reference;
  return { ...outside, ...kept, anyOf: [referenced, { type: "null" }] };
}

/** `{allOf: [{$ref}, {type: [..., "null"], …}]}`: the reference and what sits beside it. */
function nullableReference(
  object: Record<string, unknown>,
): { reference: Record<string, unknown>; extra: Record<string, unknown> } | null {
  const allOf = object.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return null;
  const [reference, extra] = allOf as [unknown, unknown];
  if (!isObject(reference) || typeof reference.$ref !== "string" || !isObject(extra)) return null;
  return allowsNull(extra) ? { reference, extra } : null;
}

/** Whether a schema's `type` admits null (`"null"`, or an array naming it), or it says `nullable` (3.0). */
export function allowsNull(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  return type === "null" || (Array.isArray(type) && type.includes("null")) || schema.nullable === true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
