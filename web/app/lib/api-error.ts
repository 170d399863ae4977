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
  /** With `quota_used`: the member's sponsored transactions per GMT day. */
  readonly quota: number | null;
  /** With `simulation_reverted`: the contract's error name, when the server decoded it. */
  readonly revert: string | null;

  constructor({
    status,
    code,
    message,
    retryAfter = null,
    unlocksAt = null,
    quota = null,
    revert = null,
  }: {
    status: number;
    code: ApiErrorCode;
    message: string;
    retryAfter?: number | null;
    unlocksAt?: string | null;
    quota?: number | null;
    revert?: string | null;
  }) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.unlocksAt = unlocksAt;
    this.quota = quota;
    this.revert = revert;
  }
}
