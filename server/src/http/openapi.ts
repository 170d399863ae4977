import { type ApiErrorStatus, type ApiRoute, apiTags, dataEnvelope, errorBodySchema } from "@arcana/protocol";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import type { AppEnv } from "./env.js";
import { withNullableReferences } from "./nullable-references.js";

type ErrorResponse = { description: string; content: { "application/json": { schema: typeof errorBodySchema } } };

type AnswerSchema<Route extends ApiRoute> = Route["bare"] extends true
  ? Route["response"]
  : z.ZodObject<{ data: Route["response"] }>;

type RequestConfig<Route extends ApiRoute> = (Route["request"] extends { body: infer Body extends z.ZodType }
  ? { body: { content: { "application/json": { schema: Body } }; required: true } }
  : Record<never, never>) &
  (Route["request"] extends { query: infer Query extends z.ZodObject } ? { query: Query } : Record<never, never>) &
  (Route["request"] extends { params: infer Params extends z.ZodObject } ? { params: Params } : Record<never, never>) &
  (Route["request"] extends { headers: infer Headers extends z.ZodObject }
    ? { headers: Headers }
    : Record<never, never>);

/** The media types of a download (never when the answer is JSON). */
type Produced<Route extends ApiRoute> = Route["produces"] extends readonly (infer Type extends string)[]
  ? Type
  : Route["produces"] extends string
    ? Route["produces"]
    : never;

type AnswerContent<Route extends ApiRoute> = [Produced<Route>] extends [never]
  ? { "application/json": { schema: AnswerSchema<Route> } }
  : { [Type in Produced<Route>]: { schema: Route["response"] } };

/** The `@hono/zod-openapi` route of an API call, typed from its definition in `protocol/`. */
export type OpenApiRouteOf<Route extends ApiRoute> = {
  method: Route["method"];
  path: Route["path"];
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  request: RequestConfig<Route>;
  responses: {
    [Status in Route["successStatus"] extends 202 ? 202 : 200]: { description: string; content: AnswerContent<Route> };
  } & { [Status in Route["errors"][number]]: ErrorResponse };
};

const errorStatusDescriptions: Record<ApiErrorStatus, string> = {
  400: "The request is not valid",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found",
  409: "Conflicts with the current state",
  422: "Cannot be carried out as asked, and retrying will not help (e.g. the mail server refused the address)",
  429: "Too many requests; retry later",
  503: "A dependency is briefly unavailable",
};

/** Session and operator routes accept the session cookie or the token `POST /sign_in` answers with. */
const memberSecurity: Array<Record<string, string[]>> = [{ sessionCookie: [] }, { bearerToken: [] }];

/** Builds the server's OpenAPI route from the call's one definition in `protocol/`. */
export function openApiRoute<const Route extends ApiRoute>(route: Route) {
  const request: Record<string, unknown> = {};
  if (route.request?.body) {
    request.body = { content: { "application/json": { schema: route.request.body } }, required: true };
  }
  if (route.request?.query) request.query = route.request.query;
  if (route.request?.params) request.params = route.request.params;
  if (route.request?.headers) request.headers = route.request.headers;
  const config = {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.security === "public" ? [] : memberSecurity,
    request,
    responses: {
      [route.successStatus ?? 200]: {
        description: route.responseDescription,
        content: route.produces
          ? Object.fromEntries(
              (typeof route.produces === "string" ? [route.produces] : route.produces).map((type) => [
                type,
                { schema: route.response },
              ]),
            )
          : { "application/json": { schema: route.bare ? route.response : dataEnvelope(route.response) } },
      },
      ...Object.fromEntries(
        route.errors.map((status) => [
          status,
          {
            description: errorStatusDescriptions[status],
            content: { "application/json": { schema: errorBodySchema } },
          },
        ]),
      ),
    },
  } as OpenApiRouteOf<Route>;
  return createRoute(config);
}

/**
 * Serves the OpenAPI document of every route registered on `api` at `/openapi.json`, titled with
 * the deployment's site name, nullable references written so null validates.
 */
export function serveOpenApiDocument(api: OpenAPIHono<AppEnv>, siteName: string) {
  api.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "arcana_session",
    description: "The session cookie `POST /sign_in` sets (named `__Host-arcana_session` in production).",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description: "The `token` `POST /sign_in` answers with, as `Authorization: Bearer <token>`.",
  });
  const config = {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1",
      description: "Answers are `{data}`; failures are `{error: {code, message}}`.",
    },
    servers: [{ url: "/api", description: "This server" }],
    tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
  };
  // Built per request, as `doc31` would: routes registered after this call are in it too.
  api.get("/openapi.json", (c) => c.json(withNullableReferences(api.getOpenAPI31Document(config))));
}
