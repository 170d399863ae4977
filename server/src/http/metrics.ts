import type { Context, MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export interface HttpMetrics {
  registry: Registry;
  middleware: MiddlewareHandler;
}

/** The route an answer came from as a pattern (`/api/boxes/:id`, `ssr`, `static`, `unmatched`), never the raw path. */
export function routePattern(c: Context): string {
  return c.get("metricsRoute") ?? (c.req.routePath === "/*" || c.req.routePath === "*" ? "unmatched" : c.req.routePath);
}

/** Request counts and latency by route pattern (not raw path, so cardinality stays bounded). */
export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // prom-client's sums of its per-type gauges (`nodejs_active_handles` …) end in `_total` but are gauges, which
  // Prometheus's linter refuses: `sum(nodejs_active_handles)` gives the same figure.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
    registry.removeSingleMetric(name);
  }
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

  // The series a label set names, looked up once: prom-client hashes and checks a label object on
  // every call, and the sets are few (methods × route patterns × statuses).
  const counted = new Map<string, ReturnType<typeof requests.labels>>();
  const timed = new Map<string, ReturnType<typeof duration.labels>>();

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const route = routePattern(c);
    const seconds = (performance.now() - started) / 1000;
    const method = c.req.method;
    const status = c.res.status;
    const series = `${method} ${route}`;
    let timer = timed.get(series);
    if (!timer) {
      timer = duration.labels(method, route);
      timed.set(series, timer);
    }
    timer.observe(seconds);
    const countedSeries = `${series} ${status}`;
    let counter = counted.get(countedSeries);
    if (!counter) {
      counter = requests.labels(method, route, String(status));
      counted.set(countedSeries, counter);
    }
    counter.inc();
  };
  return { registry, middleware };
}
