import { dataEnvelope, errorBodySchema } from "@arcana/protocol";
import type { z } from "zod";

/** `{data}` answer for an OpenAPI route. */
export function jsonData<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema: dataEnvelope(schema) } } };
}

/** The `{error}` answers a route can give, for the OpenAPI document. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 429 | 503>) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: `Error (${status})`, content: { "application/json": { schema: errorBodySchema } } },
    ]),
  ) as Record<number, { description: string; content: { "application/json": { schema: typeof errorBodySchema } } }>;
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { "application/json": { schema } }, required: true } };
}
