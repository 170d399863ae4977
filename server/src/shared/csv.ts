import { type SQL, sql } from "drizzle-orm";

/*
 * Every CSV export formats its fields by these rules, in JavaScript (`csvField`, `csvText`) or in
 * PostgreSQL (`csvFieldSql`, `csvTextSql`, for an export PostgreSQL formats itself). The SQL side
 * takes the same characters as bound parameters, never spelled again inside SQL text, so the two
 * cannot drift (csv.test.ts holds them to byte-equal lines on a corpus of hostile values).
 */

/** A field holding one of these is quoted (RFC 4180). */
const NEEDS_QUOTES = '[",\r\n]';
const needsQuotes = new RegExp(NEEDS_QUOTES);

/**
 * A field someone else typed that starts with one of these would run as a formula in a
 * spreadsheet (the full-width forms too: spreadsheets fold them), so it gets a leading apostrophe.
 */
export const FORMULA_STARTS = "=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20";

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A field someone else typed (an e-mail, a reason, a label): `csvField`, safe from formula injection. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return csvField(value !== "" && FORMULA_STARTS.includes(value.charAt(0)) ? `'${value}` : value);
}

/** `csvField` in PostgreSQL, for a text expression: empty for null. */
export function csvFieldSql(value: SQL): SQL<string> {
  return sql<string>`case when ${value} is null then '' when ${value} ~ ${NEEDS_QUOTES}::text then '"' || replace(${value}, '"', '""') || '"' else ${value} end`;
}

/** `csvText` in PostgreSQL, for a text expression. */
export function csvTextSql(value: SQL): SQL<string> {
  const formula = sql`${value} <> '' and strpos(${FORMULA_STARTS}::text, left(${value}, 1)) > 0`;
  return csvFieldSql(sql`case when ${formula} then '''' || ${value} else ${value} end`);
}

/**
 * Reads the next batch of lines after the given position, each line ending in CRLF (text, or its
 * UTF-8 bytes); null ends the file.
 */
export type CsvBatchReader<Position> = (
  after: Position | null,
) => Promise<{ chunk: string | Uint8Array; last: Position } | null>;

/** Lines joined the way `CsvBatchReader` hands them over. */
export function csvLines(lines: string[]): string {
  return lines.map((line) => `${line}\r\n`).join("");
}

/**
 * A CSV file as a stream: the header, then one batch at a time, read only when the client has taken
 * the previous one. Memory stays at one batch whatever the number of rows.
 */
export function csvStream<Position>(header: string[], readBatch: CsvBatchReader<Position>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let position: Position | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${header.join(",")}\r\n`));
          return;
        }
        const batch = await readBatch(position);
        if (!batch) {
          controller.close();
          return;
        }
        position = batch.last;
        controller.enqueue(typeof batch.chunk === "string" ? encoder.encode(batch.chunk) : batch.chunk);
      },
    },
    { highWaterMark: 1 },
  );
}
