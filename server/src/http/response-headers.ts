import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * Headers every answer carries whatever it is (security headers, the request id), set the cheapest
 * way the server allows. Under Node (`npm run serve`) they go on the socket's response before the
 * handler runs, so a handler's own Response keeps @hono/node-server's fast path (plain header
 * objects, no WHATWG `Headers`); a header the handler sets itself wins over them (Node merges
 * `setHeader` under `writeHead`). Elsewhere (`app.request` in tests) they are set on the finished
 * Response.
 */
export function presetHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || outgoing.headersSent) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}

/** Sets `headers` on the finished Response, leaving alone those the handler set itself. */
export function addMissingHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>) {
  const answer = c.res.headers;
  for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
}
