import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField, csvLines, csvText } from "../../shared/csv.js";
import { createTestDatabase } from "../../test/database.js";
import { createMemberRow } from "../../test/members.js";
import { ledgerCsvBatch } from "./reports.js";
import { ledgerLabel } from "./rules.js";
import { ledgerEntries } from "./schema.js";

/** Values a member or an operator could have typed, each a way a CSV line can go wrong. */
const corpus = [
  '=HYPERLINK("http://evil.example","x")',
  "+1+1",
  "-2+3",
  "@SUM(A1:A2)",
  "\tcmd",
  "\rcmd",
  "＝1+1",
  "＋1",
  "－1",
  "＠SUM(A1)",
  "0 leading digit",
  "/slash",
  ".dot",
  "<angle>",
  ",comma first",
  '"quoted"',
  "line\nbreak",
  "carriage\rreturn inside",
  "crlf\r\nend",
  "'already apostrophed",
  " =space first",
  "back\\slash",
  "%_like",
  "日本語",
  "emoji 🎴",
  'a,b"c\r\nd',
  "-",
  "=",
];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe("CSV escaping", () => {
  it("puts an apostrophe before a formula start, full-width forms included, and quotes what needs it", () => {
    for (const value of ["=1", "+1", "-1", "@a", "\ta", "＝1", "＋1", "－1", "＠a"])
      expect(csvText(value)).toBe(`'${value}`);
    expect(csvText("\rx")).toBe('"\'\rx"');
    for (const value of ["0", "/a", ".5", "<a>", "a=1", " =1", ""]) expect(csvText(value)).toBe(value);
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField(-5)).toBe("-5");
  });

  it("finding 4: ledger.csv lines PostgreSQL formats are byte for byte the lines csv.ts formats, on hostile values", async () => {
    const { db } = database;
    const userId = await createMemberRow(db, "csv-corpus@example.com");
    await db.insert(ledgerEntries).values(
      corpus.map((value, index) => ({
        userId,
        kind: index % 2 === 0 ? "grant" : value,
        amount: index % 3 === 0 ? -index - 1 : index + 1,
        reference: `${value}#${index}`,
        label: index % 4 === 0 ? null : value,
        reason: index % 5 === 0 ? null : value,
      })),
    );
    const rows = await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    const expected = csvLines(
      rows.map((row) =>
        [
          csvField(row.id),
          csvField(row.createdAt.toISOString()),
          csvField(row.userId),
          csvField(row.kind),
          csvField(row.amount),
          csvText(row.reference),
          csvText(ledgerLabel(row)),
          csvText(row.reason),
        ].join(","),
      ),
    );
    const batch = await ledgerCsvBatch(db, { from: null, until: null }, null, 1_000);
    expect(batch?.last).toBe(rows.at(-1)?.id);
    const formatted = new TextDecoder().decode(batch?.chunk);
    // Line by line first, so a failure names the value.
    const split = (text: string) => text.split(/(?<=\r\n)(?=\d+,)/);
    expect(split(formatted)).toEqual(split(expected));
    expect(Buffer.from(batch?.chunk ?? new Uint8Array())).toEqual(Buffer.from(expected, "utf8"));
  });
});
