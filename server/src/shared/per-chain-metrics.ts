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
