import type { z } from "zod";

/** The 4xx/5xx statuses an API call documents; each answers with the `{error}` envelope. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** The groups of the API reference, with what each holds. */
export const apiTags = {
  system: "What the browser needs to know about this deployment.",
  accounts: "Sign-in by e-mail code or password, the session, the member's profile.",
  wallets: "Binding an EVM wallet (Sign-In with Ethereum) and a Solana address to the account.",
  points: "The points ledger: every grant and spend, newest first.",
  referrals: "Invite codes, KOL codes and their rewards.",
  tasks: "One-time goals the server checks from its own data, each rewarded once.",
  boxes: "Loot boxes: the market, purchases with points, provably fair openings, stated odds beside results.",
  daily: "The daily check-in on chain and the day's sky.",
  tarot: "The daily three-card draw, its reading, and recording it on chain.",
  "genesis pass": "The Genesis Pass: allowlist, mint authorization, the member's passes, token metadata.",
  staking: "Staking rewards of Genesis Passes, claims, and unstake authorization.",
  operator:
    "The operator console: the economy's figures, members, box odds observed, the indexer, and audited actions. Operators only.",
  sponsorship:
    "Sponsored transactions: the member signs an ERC-2771 forward request, the operator's relayer pays the gas within budgets.",
  development: "Helpers that exist only off production: the dev mailbox and the burner wallet's faucet.",
} as const;
export type ApiTag = keyof typeof apiTags;

/**
 * One API call, defined once: the server builds its OpenAPI route from it and the web's client
 * takes its input and answer types from it.
 */
export interface ApiRoute {
  method: "get" | "post";
  /** The path under `/api`; `{name}` marks a path parameter. */
  path: string;
  operationId: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /**
   * Who may call it: `public` anyone; `session` a signed-in member (session cookie or bearer token);
   * `operator` a signed-in member who is an operator (`npm run admin -- operator add`). The server
   * registers each route through the helper of this level (server/src/http/routes.ts).
   */
  security: "public" | "session" | "operator";
  /**
   * A GET that writes (the contract fixes it as a GET): a top-level navigation from another site carries
   * the Lax session cookie, so a cookie-authenticated call another site started is refused (403
   * `foreign_origin`), as a cross-origin POST is.
   */
  getWrites?: true;
  request?: {
    body?: z.ZodType;
    query?: z.ZodObject;
    params?: z.ZodObject;
    headers?: z.ZodObject;
  };
  /** The `data` of a 200 answer (or the whole answer when `bare`). */
  response: z.ZodType;
  /** The success status when it is not 200: 202 when the work goes on after the answer (a queued relay). */
  successStatus?: 202;
  /** Says what the 200 answer holds. */
  responseDescription: string;
  /** The answer is the response itself, not `{data}`: read by wallets and marketplaces, not by our web. */
  bare?: true;
  /**
   * A download in another format than JSON (the answer is the response itself, streamed); a list when
   * the request chooses among them.
   */
  produces?: "text/csv" | readonly ("text/csv" | "application/jsonl")[];
  /** The error statuses the call can answer with, besides the ones any call may get (500). */
  errors: readonly ApiErrorStatus[];
}

export function defineRoute<const Route extends ApiRoute>(route: Route): Route {
  return route;
}

type RequestPart<
  Route extends ApiRoute,
  Key extends "body" | "query" | "params" | "headers",
> = Route["request"] extends {
  [K in Key]: infer Schema extends z.ZodType;
}
  ? { [K in Key]: z.input<Schema> }
  : { [K in Key]?: never };

/** The route itself, or the route a zod-free `ApiCall` stands for. */
type RouteOf<T extends ApiRoute | ApiCall> = T extends ApiRoute ? T : T extends ApiCall<infer Route> ? Route : never;

/** What a caller sends: `body`, `query`, `params` and `headers`, each only when the route takes it. */
export type ApiRouteInput<T extends ApiRoute | ApiCall> = RequestPart<RouteOf<T>, "body"> &
  RequestPart<RouteOf<T>, "query"> &
  RequestPart<RouteOf<T>, "params"> &
  RequestPart<RouteOf<T>, "headers">;

/** What a successful call answers with (inside `{data}` unless the route is `bare`). */
export type ApiRouteData<T extends ApiRoute | ApiCall> = z.output<RouteOf<T>["response"]>;

/**
 * What a browser needs to make a call: method, path and operation id, without the zod schemas
 * (`calls.ts`, generated from the routes). `Route` rides along as a type only, so the input and
 * answer types stay the route's.
 */
export interface ApiCall<Route extends ApiRoute = ApiRoute> {
  method: Route["method"];
  path: Route["path"];
  operationId: Route["operationId"];
  bare?: true;
  /** Never set: carries the route's type. */
  readonly route?: Route;
}

/** `calls.ts`: one zod-free `ApiCall` per route, under the route's name. */
export function renderCallTable(routes: Record<string, unknown>): string {
  const lines = [
    "// Generated from routes/ by `renderCallTable` (api-route.ts); calls.test.ts keeps it in sync.",
    "// The web imports these: the browser's bundle carries no zod schema, only what a call needs.",
    'import type { ApiCall } from "./api-route.js";',
    'import type * as routes from "./routes/index.js";',
    "",
  ];
  for (const [name, value] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    const route = value as ApiRoute;
    const fields = [
      `method: ${JSON.stringify(route.method)}`,
      `path: ${JSON.stringify(route.path)}`,
      `operationId: ${JSON.stringify(route.operationId)}`,
      ...(route.bare ? ["bare: true"] : []),
    ];
    lines.push(`export const ${name}: ApiCall<typeof routes.${name}> = { ${fields.join(", ")} };`);
  }
  return `${lines.join("\n")}\n`;
}
