import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { exportLedgerRoute } from "@arcana/protocol";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOperator } from "../../test/admin.js";
import { apiClient } from "../../test/api-client.js";
import { createTestApp } from "../../test/app.js";
import { createMemberRow, signUpMember } from "../../test/members.js";

// V8 collects garbage lazily, and RSS moves with when it chose to collect and how it sizes its heap
// (it differs between Node 20 and 24). What the export really holds is the heap left after a full
// collection: measured every 100,000 rows.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof signUpMember>>;
// A million rows on PostgreSQL (TEST_DATABASE_URL); a tenth of that on the in-memory PGlite, which holds them in RAM.
let rows = 0;

beforeAll(async () => {
  t = await createTestApp();
  rows = t.database.kind === "postgres" ? 1_000_000 : 100_000;
  operator = await signUpMember(t, "exports@example.com");
  await makeOperator(t.database.db, "exports@example.com");
  const userId = await createMemberRow(t.database.db, "busy@example.com");
  await t.database.db.execute(sql`
    insert into ledger_entries (user_id, kind, amount, reference, reason, created_at)
    select ${userId}::uuid, 'check_in', 1 + g % 7, 'bulk-' || g, case when g % 3 = 0 then 'a reason, quoted' end,
           timestamptz '2026-01-01T00:00:00Z' + g * interval '10 seconds'
    from generate_series(1, ${sql.raw(String(rows))}) as g`);
}, 300_000);
afterAll(() => t?.dispose());
const api = apiClient({ request: (path, init) => t.app.request(path, init) });

describe("the ledger export", () => {
  it("streams every row, holding under 50 MB of heap whatever the export's size", async () => {
    // A first, small export (one GMT day: 8,639 rows) warms up what any request grows once (the young
    // generation, the database connection's buffers), so the baseline is the server at work.
    const warmUp = await api.call(exportLedgerRoute, {
      query: { from: "2026-01-01", to: "2026-01-01" },
      auth: operator.auth,
    });
    expect((await warmUp.text()).split("\r\n")).toHaveLength(8_639 + 2);
    const res = await api.call(exportLedgerRoute, { query: {}, auth: operator.auth });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    collectGarbage();
    const start = process.memoryUsage().heapUsed;
    let collectedAt = 0;
    let peak = start;
    let lines = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      // Counted on the bytes: decoding a hundred megabytes into strings would measure the test, not the server.
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
      if (lines - collectedAt >= 100_000) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        collectedAt = lines;
      }
    }
    const growthMb = (peak - start) / 1024 / 1024;
    console.info(
      `ledger export: ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV, heap held after collections grew ${growthMb.toFixed(1)} MB`,
    );
    expect(lines).toBe(rows + 1);
    expect(growthMb).toBeLessThan(50);
  }, 600_000);
});
