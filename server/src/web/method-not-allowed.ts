import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../http/env.js";

const PAGE_METHODS = "GET, HEAD";

/** A page asked with a method pages don't have (a POST, a PUT…): a short 405 and one log line. */
export function methodNotAllowedPage(c: Context<AppEnv>, siteName: string): Response | Promise<Response> {
  c.get("logger")().warn({ method: c.req.method, path: c.req.path, status: 405 }, "page method not allowed");
  c.header("Allow", PAGE_METHODS);
  return c.html(
    html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Method not allowed · ${siteName}</title></head>
<body><main><h1>Method not allowed</h1><p>Pages can only be read (${PAGE_METHODS}).</p><p><a href="/">${siteName} home</a></p></main></body></html>
`,
    405,
  );
}
