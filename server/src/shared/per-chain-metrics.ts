import { Counter, Gauge, type Registry } from "prom-client";

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

/** Where the series go, the rows read at each scrape (one a chain), each row's chain, and the series. */
type PerChainArguments<Row> = [
  registry: Registry,
  rows: () => Promise<Row[]>,
  chainOf: (row: Row) => string,
  series: Array<PerChainSeries<Row>>,
];

/** One gauge or counter a series, labelled by chain, its figures read at each scrape. */
function registerPerChain<Row>(
  kind: "gauge" | "counter",
  ...[registry, rows, chainOf, series]: PerChainArguments<Row>
) {
  for (const [name, help, value] of series) {
    const options = { name, help, labelNames: ["chain"] as const, registers: [registry] };
    const figures = () => perChainFigures(rows, chainOf, value);
    if (kind === "gauge") {
      new Gauge({
        ...options,
        async collect() {
          this.reset();
          for (const [labels, figure] of await figures()) this.set(labels, figure);
        },
      });
    } else {
      new Counter({
        ...options,
        async collect() {
          this.reset();
          for (const [labels, figure] of await figures()) this.inc(labels, figure);
        },
      });
    }
  }
}

/**
 * Gauges labelled by chain, read at each scrape from `rows()` (one row a chain, named by `chainOf`): the
 * operations figures (indexer, signer) and the relayer's share this shape.
 */
export function registerPerChainGauges<Row>(...args: PerChainArguments<Row>) {
  registerPerChain("gauge", ...args);
}

/**
 * Counters labelled by chain (names ending in `_total`), read like `registerPerChainGauges`: each figure is a
 * count that never decreases (rows that are never deleted, shared by every server), so it is typed a counter
 * and `rate()`/`increase()` apply.
 */
export function registerPerChainCounters<Row>(...args: PerChainArguments<Row>) {
  registerPerChain("counter", ...args);
}
