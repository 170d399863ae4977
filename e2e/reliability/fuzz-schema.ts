// The fuzz's reading of /api/openapi.json: the operations, their schemas, and values that satisfy them.
import fc from "fast-check";

export type Schema = {
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

export interface Parameter {
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

export interface OpenApiDocument {
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

export function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve(doc.components?.schemas?.[name] ?? {}, doc);
}

/** Values that satisfy the schema (as far as a JSON Schema says). */
export function validValue(input: Schema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
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
