import { type ErrorBody, type ErrorCode, errorCodes } from "@arcana/protocol";

/** The API's own codes, plus one for a request that never got an answer. */
export type ApiErrorCode = ErrorCode | "network_error";

export const networkErrorMessage = "We could not reach Arcana. Check your connection and try again.";
const unreadableAnswerMessage = "Something went wrong on our side. Please try again in a moment.";

/** A failed API call, as the `{error}` envelope (or the network) described it. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Seconds until a rate-limited call may be retried, when the server said. */
  readonly retryAfter: number | null;
  /** ISO time from which a refused unstake is allowed, when the server said. */
  readonly unlocksAt: string | null;

  constructor({
    status,
    code,
    message,
    retryAfter = null,
    unlocksAt = null,
  }: {
    status: number;
    code: ApiErrorCode;
    message: string;
    retryAfter?: number | null;
    unlocksAt?: string | null;
  }) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.unlocksAt = unlocksAt;
  }
}

export interface ApiCallOptions {
  signal?: AbortSignal | undefined;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
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

async function callApi<Result>(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  { signal, headers: extraHeaders }: ApiCallOptions,
): Promise<Result> {
  const headers: Record<string, string> = { ...extraHeaders, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    // Same origin, so the session cookie rides along and the browser sends our Origin on writes.
    response = await fetch(`/api${path}`, {
      method,
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
  if (response.ok && payload !== null && typeof payload === "object" && "data" in payload) {
    return payload.data as Result;
  }
  if (isErrorBody(payload)) {
    const { code, message, retry_after, unlocks_at } = payload.error;
    throw new ApiRequestError({
      status: response.status,
      code,
      message,
      retryAfter: retry_after ?? retryAfterHeader(response),
      unlocksAt: unlocks_at ?? null,
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

/** GET `/api{path}`; resolves with the unwrapped `data`, rejects with an `ApiRequestError`. */
export function apiGet<Result>(path: string, options: ApiCallOptions = {}): Promise<Result> {
  return callApi<Result>("GET", path, undefined, options);
}

/** POST `/api{path}` with a JSON body (or none); resolves with the unwrapped `data`. */
export function apiPost<Result>(path: string, body?: unknown, options: ApiCallOptions = {}): Promise<Result> {
  return callApi<Result>("POST", path, body, options);
}

/** The message to show for any error a call may reject with. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : unreadableAnswerMessage;
}
