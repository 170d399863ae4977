import { type Dependency, type ErrorBody, type ErrorCode, errorStatus } from "@arcana/protocol";

// The errors a use case throws, below every layer that throws them (modules, chain, rate limits) and the HTTP
// layer that answers them (http/errors.ts): this folder imports nothing else of the server.

/** A failure the caller can act on: answered with its code's status and an `{error}` envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody["error"], "code" | "message"> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status() {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

/** A service the request needed did not answer; the caller may retry once it is back. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = "DependencyUnavailableError";
  }
}
