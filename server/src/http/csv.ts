/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A field someone else typed (an e-mail, a reason): a leading `=`, `+`, `-` or `@` would make a
 * spreadsheet run it as a formula, so it gets a leading apostrophe.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
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
