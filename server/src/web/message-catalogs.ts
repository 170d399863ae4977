import type { Hono } from "hono";
import { compressWhenAccepted } from "../http/compression.js";
import type { AppEnv } from "../http/env.js";
import type { WebFrontend } from "./frontend.js";

/**
 * `GET /i18n/*`: the pages' message catalogs (decision 0025). An address names its content, so a
 * browser keeps each for good; one the build no longer names is answered but not kept.
 */
export function registerMessageCatalogs(app: Hono<AppEnv>, web: WebFrontend) {
  app.get("/i18n/*", compressWhenAccepted(), async (c) => {
    c.set("metricsRoute", "i18n");
    const file = await web.catalog(c.req.path);
    if (!file) return c.notFound();
    c.header("Cache-Control", file.current ? "public, max-age=31536000, immutable" : "no-cache");
    return c.body(file.text, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
}
