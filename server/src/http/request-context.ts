import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./env.js";
import { routePattern } from "./metrics.js";
import { addMissingHeaders, presetHeaders } from "./response-headers.js";

const REQUEST_ID_HEADER = "X-Request-Id";
/** A caller's own request id is kept when it is short and plain (as Hono's requestId middleware). */
const PLAIN_ID = /^[\w\-=]{1,255}$/;

/**
 * The request id (the caller's `X-Request-Id` or a new one, echoed in the answer), a logger that
 * names it (made only when something logs), and one log line per failed answer (every answer at
 * debug level). `accessLog`: one `info` line per answer (reqId, method, route pattern, status, ms).
 */
export function requestContext(logger: Logger, options: { accessLog?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const accessLog = options.accessLog ?? false;
  const debug = () => logger.isLevelEnabled("debug");
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = incoming && PLAIN_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", id);
    let child: Logger | undefined;
    const log = () => {
      child ??= logger.child({ reqId: id });
      return child;
    };
    c.set("logger", log);
    const header = [[REQUEST_ID_HEADER, id]] as const;
    const preset = presetHeaders(c, header);
    await next();
    if (!preset) addMissingHeaders(c, header);
    const status = c.res.status;
    if (status < 500 && !accessLog && !debug()) return;
    const entry = {
      method: c.req.method,
      route: routePattern(c),
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) log().error(entry, "request failed");
    else if (accessLog) log().info(entry, "request");
    else log().debug(entry, "request");
  };
}
