import type { MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export interface HttpMetrics {
  registry: Registry;
  middleware: MiddlewareHandler;
}

/** Request counts and latency by route pattern (not raw path, so cardinality stays bounded). */
export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const route =
      c.get("metricsRoute") ?? (c.req.routePath === "/*" || c.req.routePath === "*" ? "unmatched" : c.req.routePath);
    const seconds = (performance.now() - started) / 1000;
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    duration.observe({ method: c.req.method, route }, seconds);
  };
  return { registry, middleware };
}
