import { type ErrorBody, type ErrorCode, errorCodes, errorStatus } from "@arcana/protocol";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { postgresReason } from "../db/postgres-reason.js";
import { ApiError } from "../shared/errors.js";
import { dependencyAnswer, unavailableDependency } from "./dependency.js";
import type { AppEnv } from "./env.js";

const isErrorCode = (value: string): value is ErrorCode => (errorCodes as readonly string[]).includes(value);

/**
 * A schema of `protocol/` may name the 400 code its refinement stands for (`params: {code}`, as the
 * e-mail address's `invalid_email`): when every issue names the same one, the answer carries it.
 */
function namedRefusal(error: ZodError): { code: ErrorCode; message: string } | null {
  const codes = new Set(
    error.issues.map((issue) =>
      issue.code === "custom" ? (issue.params as { code?: unknown } | undefined)?.code : null,
    ),
  );
  const [code] = codes;
  if (codes.size !== 1 || typeof code !== "string" || !isErrorCode(code) || errorStatus[code] !== 400) return null;
  return { code, message: error.issues[0]?.message ?? "The request is not valid." };
}

/** Turns any thrown value into an `{error}` envelope; 5xx answers never reveal internals. */
export function toErrorResponse(error: unknown, c: Context<AppEnv>): Response {
  const answer = (status: ContentfulStatusCode, body: ErrorBody) => c.json(body, status);
  if (error instanceof ApiError) return answer(error.status, error.toBody());
  if (error instanceof ZodError) {
    const named = namedRefusal(error);
    return answer(400, {
      error: {
        code: named?.code ?? "bad_request",
        message: named?.message ?? "The request is not valid.",
        issues: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      },
    });
  }
  if (error instanceof HTTPException && error.status < 500) {
    if (error.status === 413)
      return answer(413, { error: { code: "payload_too_large", message: "The request body is too large." } });
    return answer(error.status === 404 ? 404 : 400, {
      error: {
        code: error.status === 404 ? "not_found" : "bad_request",
        message: error.message || "The request is not valid.",
      },
    });
  }
  const logger = c.get("logger")?.();
  const dependency = unavailableDependency(error);
  if (dependency) {
    logger?.error({ err: error, dependency }, `${dependency} unavailable`);
    const { retryAfter, message } = dependencyAnswer(dependency);
    c.header("Retry-After", String(retryAfter));
    return answer(503, { error: { code: "dependency_unavailable", message, dependency } });
  }
  // PostgreSQL's own reason on its own field: drizzle's message only says "Failed query: <sql>".
  const postgres = postgresReason(error);
  logger?.error({ err: error, ...(postgres ? { postgres } : {}) }, "unhandled error");
  return answer(500, {
    error: {
      code: "internal_error",
      message: `Something went wrong on our side. Reference: ${c.get("requestId") ?? "unknown"}.`,
    },
  });
}

/** The validation hook for every OpenAPI route: invalid input is a 400 with the fields named. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context<AppEnv>,
): Response | undefined {
  if (!result.success) return toErrorResponse(result.error, c);
  return undefined;
}
