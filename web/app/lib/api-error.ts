import type { ErrorCode } from "@arcana/protocol";

/** The API's own codes, plus one for a request that never got an answer. */
export type ApiErrorCode = ErrorCode | "network_error";

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
