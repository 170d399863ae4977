import { DAY_MS, parseGmtDate } from "@arcana/protocol";
import { enforceLimit, type RateLimit } from "../../rate-limit/limiter.js";
import { csvField, csvLines, csvStream, csvText } from "../../shared/csv.js";
import { ApiError } from "../../shared/errors.js";
import { openingsForExport } from "../boxes/api.js";
import { type ExportRange, ledgerCsvBatch, ledgerCsvColumns } from "../ledger/api.js";
import { membersForExport } from "../users/api.js";
import { type Actor, recordAudit } from "./api.js";
import type { OperatorReportsDeps } from "./report-context.js";

/** Rows per database read while an export streams: memory holds one batch, whatever the file's size. */
const EXPORT_BATCH_ROWS = 5_000;

export type ExportKind = "ledger" | "members" | "box_openings";

/** An export reads the whole table: a few per operator in ten minutes is plenty, a loop is load. */
export const operatorRateLimits = {
  exportsPerOperator: { name: "operator_export", max: 10, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, RateLimit>;

/** `from`/`to` GMT days (both included) as a time range; a day that does not exist is a 400. */
function exportRange(query: { from?: string | undefined; to?: string | undefined }): ExportRange {
  const day = (value: string | undefined, name: string) => {
    if (value === undefined) return null;
    const parsed = parseGmtDate(value);
    if (!parsed) throw new ApiError("bad_request", `${name} is not a calendar day (YYYY-MM-DD).`);
    return parsed;
  };
  const from = day(query.from, "from");
  const to = day(query.to, "to");
  const until = to ? new Date(to.getTime() + DAY_MS) : null;
  // The day after 9999-12-31 is past PostgreSQL's dates: up to the last day is up to the end.
  return { from, until: until && until.getUTCFullYear() <= 9999 ? until : null };
}

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/**
 * A CSV export, streamed in batches (constant memory). The export itself is audited: it hands
 * members' data to whoever runs it.
 */
export async function exportCsv(
  { db, now, limiter }: OperatorReportsDeps,
  actor: Actor,
  kind: ExportKind,
  query: { from?: string | undefined; to?: string | undefined } = {},
): Promise<ReadableStream<Uint8Array>> {
  const range = exportRange(query);
  if (actor.kind === "operator") {
    await enforceLimit(
      limiter,
      operatorRateLimits.exportsPerOperator,
      actor.id,
      `At most ${operatorRateLimits.exportsPerOperator.max} exports per 10 minutes. Try again later.`,
    );
  }
  await recordAudit(
    db,
    actor,
    { action: `export_${kind}`, after: { from: query.from ?? null, to: query.to ?? null } },
    now(),
  );
  if (kind === "ledger") {
    return csvStream<number>(ledgerCsvColumns, (after) => ledgerCsvBatch(db, range, after, EXPORT_BATCH_ROWS));
  }
  if (kind === "members") {
    return csvStream<string>(
      ["member_id", "email", "points", "wallet_address", "solana_address", "created_at"],
      async (after) => {
        const rows = await membersForExport(db, after, EXPORT_BATCH_ROWS);
        const last = rows.at(-1);
        if (!last) return null;
        return {
          chunk: csvLines(
            rows.map((row) =>
              [
                csvField(row.id),
                csvText(row.email),
                csvField(row.pts),
                csvField(row.walletAddress),
                csvText(row.solanaAddress),
                csvField(row.createdAt.toISOString()),
              ].join(","),
            ),
          ),
          last: last.id,
        };
      },
    );
  }
  return csvStream<{ openedAt: Date; id: string }>(
    ["box_id", "opened_at", "member_id", "odds_version_id", "reward_index", "client_seed", "nonce", "owned_box_id"],
    async (after) => {
      const rows = await openingsForExport(db, range, after, EXPORT_BATCH_ROWS);
      const last = rows.at(-1);
      if (!last?.openedAt) return null;
      return {
        chunk: csvLines(
          rows.map((row) =>
            [
              csvField(row.boxId),
              csvField(iso(row.openedAt)),
              csvField(row.userId),
              csvField(row.oddsVersionId),
              csvField(row.rewardIndex),
              csvText(row.clientSeed),
              csvField(row.nonce),
              csvField(row.id),
            ].join(","),
          ),
        ),
        last: { openedAt: last.openedAt, id: last.id },
      };
    },
  );
}
