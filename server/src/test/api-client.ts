import type { ApiRoute, ApiRouteInput } from "@arcana/protocol";
import type { z } from "zod";

/** What the client needs of an app: Hono's `app.request`, without a socket. */
interface RequestingApp {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

/** Who calls: a member's `authorization` header (from `signInByCode`), or nobody. */
export interface Caller {
  auth?: Record<string, string>;
}

/** Any input at all, for tests of what the server refuses (a wrong body, a missing parameter). */
export interface UncheckedInput extends Caller {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: unknown;
}

type CallArgs<Route extends ApiRoute> =
  Record<never, never> extends ApiRouteInput<Route>
    ? [input?: ApiRouteInput<Route> & Caller]
    : [input: ApiRouteInput<Route> & Caller];

function entriesOf(value: unknown): Array<[string, unknown]> {
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

/** The route's address under `/api`, its `{name}` parameters and query filled in. */
export function pathOf(route: ApiRoute, input: Pick<UncheckedInput, "params" | "query"> = {}): string {
  const params = new Map(entriesOf(input.params));
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params.get(name))));
  const search = new URLSearchParams();
  for (const [name, value] of entriesOf(input.query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ""}`;
}

/**
 * API tests call routes through the route table in `@arcana/protocol`, as the web does: the path and
 * method come from the route's definition, the input and the answer's data are typed by its schemas.
 */
export function apiClient(app: RequestingApp) {
  function send(route: ApiRoute, input: UncheckedInput = {}): Promise<Response> {
    const headers: Record<string, string> = { ...input.auth };
    for (const [name, value] of entriesOf(input.headers)) {
      if (typeof value === "string") headers[name] = value;
    }
    if (input.body !== undefined) headers["content-type"] = "application/json";
    return Promise.resolve(
      app.request(pathOf(route, input), {
        method: route.method.toUpperCase(),
        headers,
        ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      }),
    );
  }

  return {
    /** The call's answer, for its status, headers or refusal. */
    call<Route extends ApiRoute>(route: Route, ...[input]: CallArgs<Route>): Promise<Response> {
      return send(route, input);
    },
    /** The call's `data`, typed by the route; a refusal throws with its status and error. */
    async data<Route extends ApiRoute>(
      route: Route,
      ...[input]: CallArgs<Route>
    ): Promise<z.output<Route["response"]>> {
      return dataOf(route, await send(route, input));
    },
    /** The call with input its schemas would not allow, for tests of what the server refuses. */
    unchecked(route: ApiRoute, input: UncheckedInput = {}): Promise<Response> {
      return send(route, input);
    },
  };
}

/**
 * The `data` of an answer already in hand (a test that also reads its status or headers), typed and
 * checked by the route's response schema; a refusal throws with its status and error.
 */
export async function dataOf<Route extends ApiRoute>(
  route: Route,
  res: Response,
): Promise<z.output<Route["response"]>> {
  const body: unknown = await res.json();
  if (!res.ok || typeof body !== "object" || body === null || (!route.bare && !("data" in body))) {
    throw new Error(`${route.operationId} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  const data = route.bare || !("data" in body) ? body : body.data;
  return parseAnswer<Route["response"]>(route.response, data);
}

/** The answer checked against the route's response schema: a drift from the contract fails the test. */
function parseAnswer<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  return schema.parse(value);
}

/** The error code of a refused answer (`{error: {code}}`), or undefined when it has none. */
export async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { error?: { code?: string } } | null;
  return body?.error?.code;
}
