import {
  type ApiCall,
  type ApiRoute,
  type ApiRouteData,
  type ApiRouteInput,
  type ErrorBody,
  errorCodes,
} from "@arcana/protocol";
import type { MessageId, Translate } from "../i18n/use-t";
import { type ApiErrorCode, ApiRequestError } from "./api-error";

// The error class is its own module: the query client checks for it on every page, while the
// rest of the API client loads with the first call.
export { ApiRequestError } from "./api-error";

// The API's own messages stay English for API clients; members read `errorMessage`'s.
export const networkErrorMessage = "We could not reach Arcana. Check your connection and try again.";
const unreadableAnswerMessage = "Something went wrong on our side. Please try again in a moment.";

export interface ApiCallOptions {
  signal?: AbortSignal | undefined;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as Partial<ErrorBody> | null)?.error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof error.message === "string" &&
    (errorCodes as readonly string[]).includes(error.code)
  );
}

function retryAfterHeader(response: Response): number | null {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Answers are checked against the contract where a drift should fail loudly, not on members' devices:
 * the routes' zod schemas load only in development and tests, never in the production bundle.
 */
async function answerInContract(call: ApiCall, data: unknown): Promise<unknown> {
  if (!(import.meta.env.DEV || import.meta.env.MODE === "test")) return data;
  const routes: Record<string, unknown> = await import("@arcana/protocol");
  const route = Object.values(routes).find(
    (value): value is ApiRoute =>
      typeof value === "object" && value !== null && (value as ApiRoute).operationId === call.operationId,
  );
  if (!route) throw new Error(`${call.operationId} is not a route of @arcana/protocol`);
  const parsed = route.response.safeParse(data);
  if (!parsed.success) throw new Error(`${call.operationId} answered outside its contract: ${parsed.error.message}`);
  return parsed.data;
}

function entriesOf(value: unknown): Array<[string, unknown]> {
  return typeof value === "object" && value !== null ? Object.entries(value) : [];
}

function urlOf(route: ApiCall, input: { params?: unknown; query?: unknown }): string {
  const params = new Map(entriesOf(input.params));
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params.get(name))));
  const search = new URLSearchParams();
  for (const [name, value] of entriesOf(input.query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `/api${path}${queryString ? `?${queryString}` : ""}`;
}

/** The address of a call, for what the browser fetches itself: a download link or a GET form's action. */
export function apiHref<Route extends ApiCall>(
  route: Route,
  input: { params?: unknown; query?: unknown } = {},
): string {
  return urlOf(route, input);
}

/** Calls one API route; resolves with its unwrapped `data`, rejects with an `ApiRequestError`. */
export async function api<Route extends ApiCall>(
  route: Route,
  ...[input]: Record<never, never> extends ApiRouteInput<Route>
    ? [input?: ApiRouteInput<Route> & ApiCallOptions]
    : [input: ApiRouteInput<Route> & ApiCallOptions]
): Promise<ApiRouteData<Route>> {
  const { body, signal } = input ?? {};
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  for (const [name, value] of entriesOf(input?.headers)) {
    if (typeof value === "string") headers[name] = value;
  }
  let response: Response;
  try {
    // Same origin, so the session cookie rides along and the browser sends our Origin on writes.
    response = await fetch(urlOf(route, input ?? {}), {
      method: route.method.toUpperCase(),
      headers,
      credentials: "include",
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    // A cancelled request is the caller's doing, not a failure to show.
    if (signal?.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: "network_error", message: networkErrorMessage });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && payload !== null && typeof payload === "object" && (route.bare || "data" in payload)) {
    const data = !route.bare && "data" in payload ? payload.data : payload;
    return (await answerInContract(route, data)) as ApiRouteData<Route>;
  }
  if (isErrorBody(payload)) {
    const { code, message, retry_after, unlocks_at, quota, revert } = payload.error;
    throw new ApiRequestError({
      status: response.status,
      code,
      message,
      retryAfter: retry_after ?? retryAfterHeader(response),
      unlocksAt: unlocks_at ?? null,
      quota: quota ?? null,
      revert: revert ?? null,
    });
  }
  // A proxy's error page or an empty answer: nothing the member can act on but a retry.
  throw new ApiRequestError({
    status: response.status,
    code: response.status === 503 ? "service_unavailable" : "internal_error",
    message: unreadableAnswerMessage,
    retryAfter: retryAfterHeader(response),
  });
}

/** The message id of every code a call may reject with: a code without a message does not compile. */
export function errorMessageId(code: ApiErrorCode): MessageId {
  return `error.${code}` satisfies MessageId;
}

/**
 * The member-facing message for any error a call may reject with: in English the API's own message
 * (it can say more, e.g. how many tries are left), in any other language the code's message.
 */
export function errorMessage(error: unknown, t: Translate): string {
  if (!(error instanceof ApiRequestError)) return t("error.internal_error");
  return t.language === "en" ? error.message : t(errorMessageId(error.code), { quota: error.quota ?? 0 });
}
