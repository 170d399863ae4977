/**
 * What other modules call of the ledger: every point that moves, moves through `points.ts`, in the
 * caller's transaction; the console's points adjustment (admin.ts) and its figures and export
 * (reports.ts).
 */
export { adjustPoints } from "./admin.js";
export * from "./points.js";
export {
  dailyLedgerFigures,
  type ExportRange,
  ledgerCsvBatch,
  ledgerCsvColumns,
  listLedgerForOperator,
} from "./reports.js";
