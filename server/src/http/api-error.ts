import { type ErrorBody, type ErrorCode, errorStatus } from "@arcana/protocol";

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
