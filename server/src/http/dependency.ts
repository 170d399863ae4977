import type { Dependency } from "@arcana/protocol";
import { BaseError, HttpRequestError, SocketClosedError, TimeoutError, WebSocketRequestError } from "viem";
import { isDatabaseUnavailable } from "../db/client.js";
import { DependencyUnavailableError } from "../shared/errors.js";

/** A chain RPC that could not be reached or answered with an HTTP error (not a revert). */
function isRpcUnavailable(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk(
      (cause) =>
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof WebSocketRequestError ||
        cause instanceof SocketClosedError,
    ),
  );
}

/** Which dependency a failure means is down, or null when it is no dependency's failure. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  // Before the database: a refused RPC connection carries ECONNREFUSED too.
  if (isRpcUnavailable(error)) return "rpc";
  if (isDatabaseUnavailable(error)) return "database";
  return null;
}

const retryAfterSeconds: Record<Dependency, number> = { database: 5, redis: 5, rpc: 10, smtp: 30 };

const messages: Record<Dependency, string> = {
  database: "The service is briefly unavailable. Please try again shortly.",
  redis: "The service is briefly unavailable. Please try again shortly.",
  rpc: "The network cannot be reached right now. Please try again shortly.",
  smtp: "We could not send the e-mail just now. Please try again in a moment.",
};

export function dependencyAnswer(dependency: Dependency) {
  return { retryAfter: retryAfterSeconds[dependency], message: messages[dependency] };
}
