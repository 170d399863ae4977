import type { ApiRoute } from "@arcana/protocol";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import type { Authenticated } from "../modules/auth/api.js";
import { ApiError } from "../shared/errors.js";
import { runAsRoute } from "./declared-limits.js";
import type { AppEnv } from "./env.js";
import { type OpenApiRouteOf, openApiRoute } from "./openapi.js";
import { requireMember } from "./session.js";

type Security = ApiRoute["security"];
type OpenApi<Route extends ApiRoute> = OpenApiRouteOf<Route> & ReturnType<typeof openApiRoute<Route>>;
type Handler<Route extends ApiRoute> = RouteHandler<OpenApi<Route>, AppEnv>;
/** What a route's handler receives first: the request, its validated input typed from the route. */
export type RouteContext<Route extends ApiRoute> = Parameters<Handler<Route>>[0];
type Answer<Route extends ApiRoute> = ReturnType<Handler<Route>>;

/**
 * Registers each API call through the helper of the security its definition in `protocol/` declares
 * (the type refuses any other): `publicRoute` hands the handler the request; `memberRoute` the
 * signed-in member (401 otherwise, a cookie write from another origin is refused); `operatorRoute`
 * the signed-in operator, checked before any input is read (403 for a member who is not one), so
 * whoever is not an operator learns nothing from validation errors.
 */
export interface Routes {
  publicRoute<Route extends ApiRoute & { security: "public" }>(
    route: Route,
    handler: (c: RouteContext<Route>) => Answer<Route>,
  ): void;
  memberRoute<Route extends ApiRoute & { security: "session" }>(
    route: Route,
    handler: (c: RouteContext<Route>, member: Authenticated) => Answer<Route>,
  ): void;
  operatorRoute<Route extends ApiRoute & { security: "operator" }>(
    route: Route,
    handler: (c: RouteContext<Route>, operator: Authenticated) => Answer<Route>,
  ): void;
  /** The security each registered call was given, by operation id (routes.test.ts compares it with protocol/). */
  readonly enforced: ReadonlyMap<string, Security>;
  /** The API itself, for what is not an API call of the contract (an image, a page). */
  readonly api: OpenAPIHono<AppEnv>;
  readonly config: Config;
}

export interface RoutesDeps {
  config: Config;
  /** Whether the member may use the operator console (the operator module's `isOperator`). */
  isOperator: (userId: string) => Promise<boolean>;
}

export function createRoutes(api: OpenAPIHono<AppEnv>, { config, isOperator }: RoutesDeps): Routes {
  const enforced = new Map<string, Security>();
  const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
    const member = await requireMember(c, config);
    if (!(await isOperator(member.user.uid))) throw new ApiError("forbidden", "You are not allowed to do this.");
    await next();
  };

  function register<Route extends ApiRoute>(
    route: Route,
    security: Security,
    handler: (c: RouteContext<Route>) => unknown,
    middleware?: MiddlewareHandler<AppEnv>,
  ) {
    if (route.security !== security) {
      throw new Error(`${route.operationId} declares security "${route.security}" but is registered as "${security}"`);
    }
    if (enforced.has(route.operationId)) throw new Error(`${route.operationId} is registered twice`);
    enforced.set(route.operationId, security);
    const definition = openApiRoute(route);
    const declared = { operationId: route.operationId, errors: route.errors };
    const run = (c: RouteContext<Route>) => runAsRoute(declared, () => handler(c));
    // The handler's types are the route's own (`Routes` checks them); `never` only crosses the
    // generic boundary of `api.openapi`, which cannot see that the wrapper keeps them.
    api.openapi(middleware ? { ...definition, middleware } : definition, run as never);
  }

  return {
    enforced,
    api,
    config,
    publicRoute: (route, handler) => register(route, "public", handler),
    memberRoute: (route, handler) =>
      register(route, "session", async (c) => handler(c, await requireMember(c, config, route))),
    operatorRoute: (route, handler) =>
      // The session is looked up once per request: the handler gets what the operator check resolved.
      register(route, "operator", async (c) => handler(c, await requireMember(c, config, route)), requireOperator),
  };
}
