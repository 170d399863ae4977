import type { Context, MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

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

/** One series a chain: its name, its help, and its figure for a row (null: not set for that chain). */
export type PerChainSeries<Row> = [name: string, help: string, value: (row: Row) => number | null];

/** Each row's figure under its chain's label, read at a scrape; a row whose figure is null (not known) is left out. */
async function perChainFigures<Row>(
  rows: () => Promise<Row[]>,
  chainOf: (row: Row) => string,
  value: PerChainSeries<Row>[2],
): Promise<Array<[{ chain: string }, number]>> {
  const figures: Array<[{ chain: string }, number]> = [];
  for (const row of await rows()) {
    const figure = value(row);
    if (figure !== null) figures.push([{ chain: chainOf(row) }, figure]);
  }
  return figures;
}

/**
 * Gauges labelled by chain, read at each scrape from `rows()` (one row a chain, named by `chainOf`): the
 * operations figures (indexer, signer) and the relayer's share this shape.
 */
export function registerPerChainGauges<Row>(
  registry: Registry,
  rows: () => Promise<Row[]>,
  chainOf: (row: Row) => string,
  series: Array<PerChainSeries<Row>>,
) {
  for (const [name, help, value] of series) {
    new Gauge({
      name,
      help,
      labelNames: ["chain"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [labels, figure] of await perChainFigures(rows, chainOf, value)) this.set(labels, figure);
      },
    });
  }
}

/**
 * Counters labelled by chain (names ending in `_total`), read like `registerPerChainGauges`: each figure is a
 * count that never decreases (rows that are never deleted, shared by every server), so it is typed a counter
 * and `rate()`/`increase()` apply.
 */
export function registerPerChainCounters<Row>(
  registry: Registry,
  rows: () => Promise<Row[]>,
  chainOf: (row: Row) => string,
  series: Array<PerChainSeries<Row>>,
) {
  for (const [name, help, value] of series) {
    new Counter({
      name,
      help,
      labelNames: ["chain"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [labels, figure] of await perChainFigures(rows, chainOf, value)) this.inc(labels, figure);
      },
    });
  }
}
