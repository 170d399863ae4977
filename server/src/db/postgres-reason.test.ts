import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.js";
import { createMemberRow } from "../test/members.js";
import { describeFailure, postgresReason } from "./postgres-reason.js";
import { ledgerEntries } from "./schema.js";

// Issue 29, trap 7: a failed write said only `Failed query: insert into "ledger_entries" …`.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("driver errors carry PostgreSQL's own reason", () => {
  it("names the violated constraint and its key, then the statement that failed", async () => {
    const userId = await createMemberRow(database.db, "reason@example.com");
    const [row] = await database.db
      .insert(ledgerEntries)
      .values({ userId, kind: "grant", amount: 5, reference: "r1" })
      .returning({ id: ledgerEntries.id });
    // What a restore without sequences did: the next row took an id that exists.
    const error = await failure(() =>
      database.db.insert(ledgerEntries).values({ id: row?.id, userId, kind: "grant", amount: 5, reference: "r2" }),
    );
    expect((error as Error).message).toMatch(/^Failed query: insert into "ledger_entries"/);
    expect(postgresReason(error)).toMatchObject({
      code: "23505",
      message: 'duplicate key value violates unique constraint "ledger_entries_pkey"',
    });
    const described = describeFailure(error);
    expect(described).toMatch(
      /^PostgreSQL: duplicate key value violates unique constraint "ledger_entries_pkey" \(SQLSTATE 23505\)\. Key \(id\)=\(\d+\) already exists\./,
    );
    expect(described).toContain('while running: insert into "ledger_entries"');
  });

  it("leaves other errors as they are", async () => {
    expect(describeFailure(new Error("No member has that e-mail address."))).toBe("No member has that e-mail address.");
    const error = await failure(() => database.db.execute(sql`select * from no_such_table`));
    expect(describeFailure(error)).toContain('PostgreSQL: relation "no_such_table" does not exist (SQLSTATE 42P01)');
  });
});
