import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { addMissingHeaders, presetHeaders } from "./response-headers.js";

const VARY = [["Vary", "Accept-Encoding"]] as const;
/** Hono's compress answers gzip or deflate (Node's CompressionStream has no brotli). */
const COMPRESSIBLE = /\b(gzip|deflate)\b/i;

/**
 * Text answers to reads go out gzip- or deflate-compressed when the client accepts it, through Hono's
 * compress. A client that accepts neither (scripts, load tests) skips it altogether: Hono's
 * middleware adds `Vary` to the finished answer, which turns every answer into a WHATWG Response
 * with a stream body (about a third of the CPU an API read costs). Here `Vary` is set beforehand.
 */
export function compressWhenAccepted(): MiddlewareHandler {
  const compressor = compress();
  return async (c, next) => {
    // Answers to writes are small (an id, a state) and carry no length Hono's 1 KB threshold could
    // read, so gzip's stream would cost more than it saves: reads (pages, lists, exports) only.
    const read = c.req.method === "GET";
    if (read && COMPRESSIBLE.test(c.req.header("accept-encoding") ?? "")) return compressor(c, next);
    const preset = presetHeaders(c, VARY);
    await next();
    if (!preset) addMissingHeaders(c, VARY);
  };
}
