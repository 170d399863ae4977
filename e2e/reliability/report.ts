/** One row of the suite's final table; `details` name what failed (route, input, rows). */
export interface CheckResult {
  check: string;
  attempts: number;
  failures: number;
  figure: string;
  details?: string[];
}

export function printTable(results: CheckResult[]) {
  const rows = [
    ["check", "attempts", "failures", "figure"],
    ...results.map((r) => [r.check, String(r.attempts), String(r.failures), r.figure]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell)).join(" | ")} |`;
  console.log("");
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|------|`);
  for (const row of rows.slice(1)) console.log(line(row));
  for (const result of results) {
    for (const detail of result.details ?? []) console.log(`  ✗ ${result.check}: ${detail}`);
  }
}
