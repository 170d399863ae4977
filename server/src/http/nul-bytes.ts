import type { MiddlewareHandler } from "hono";
import { ApiError } from "../shared/errors.js";

/** `\u0000` in JSON text, unless its backslash is itself escaped (`\\u0000` is a backslash and "u0000"). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/**
 * PostgreSQL's text cannot hold U+0000: a NUL anywhere in the request (path, query, JSON body) is
 * refused with a 400 before any handler runs, instead of failing the query it would reach.
 */
export function refuseNulBytes(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes("%00") || url.includes("\0")) throw nulRefused();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const text = await c.req.text();
      if (text.includes("\0") || (text.includes("\\u") && ESCAPED_NUL.test(text))) throw nulRefused();
    }
    await next();
  };
}

function nulRefused() {
  return new ApiError("bad_request", "The request contains a NUL character, which no field accepts.");
}
