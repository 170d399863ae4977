/**
 * The one page cursor of every list ordered newest first by (time, id): opaque to clients,
 * base64url of the last row's time and id. `decodeCursor` answers null for anything it did not make.
 */
export interface PageCursor<Id> {
  at: Date;
  id: Id;
}

export function encodeCursor(row: { at: Date; id: string | number }): string {
  return Buffer.from(`${row.at.toISOString()}|${row.id}`).toString("base64url");
}

/** The id forms a cursor may carry: a row number (bigserial) or a UUID. */
const idForms = {
  number: { pattern: /^\d{1,15}$/, parse: Number },
  uuid: { pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, parse: String },
} as const;

export function decodeCursor(cursor: string, idForm: "number"): PageCursor<number> | null;
export function decodeCursor(cursor: string, idForm: "uuid"): PageCursor<string> | null;
export function decodeCursor(cursor: string, idForm: keyof typeof idForms): PageCursor<number | string> | null {
  const [iso, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const form = idForms[idForm];
  if (rest.length > 0 || !iso || !id || !form.pattern.test(id)) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) return null;
  // Only times a row can have: PostgreSQL has no year 0, and JavaScript dates go far beyond its range.
  if (at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 9999) return null;
  return { at, id: form.parse(id) };
}
