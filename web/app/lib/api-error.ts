import type { ErrorCode } from "@arcana/protocol";

/** The API's own codes, plus one for a request that never got an answer. */
export type ApiErrorCode = ErrorCode | "network_error";

interface ApiErrorFields {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** Seconds until a rate-limited call may be retried, when the server said. */
  retryAfter: number | null;
  /** ISO time from which a refused unstake is allowed, when the server said. */
  unlocksAt: string | null;
  /** With `quota_used`: the member's sponsored transactions per GMT day. */
  quota: number | null;
  /** With `simulation_reverted`: the contract's error name, when the server decoded it. */
  revert: string | null;
}

/**
 * A failed API call, as the `{error}` envelope (or the network) described it. Its fields are declared,
 * not initialised, and copied in one step: this class is in the first load of every page, whose
 * JavaScript has a budget (server/src/web/built-frontend.test.ts).
 */
export class ApiRequestError extends Error {
  declare readonly status: number;
  declare readonly code: ApiErrorCode;
  declare readonly retryAfter: number | null;
  declare readonly unlocksAt: string | null;
  declare readonly quota: number | null;
  declare readonly revert: string | null;

  constructor(fields: Pick<ApiErrorFields, "status" | "code" | "message"> & Partial<ApiErrorFields>) {
    super(fields.message);
    this.name = "ApiRequestError";
    Object.assign(this, { retryAfter: null, unlocksAt: null, quota: null, revert: null }, fields);
  }
}
