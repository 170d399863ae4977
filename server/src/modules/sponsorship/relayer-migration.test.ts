import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../../db/client.js";

const scratch = mkdtempSync(path.join(tmpdir(), "arcana-relayer-migration-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The committed migrations up to and including `lastTag`, as a release that ended there shipped them. */
function migrationsUpTo(lastTag: string): string {
  const folder = path.join(scratch, lastTag);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

it("the upgrade names the relayer of relays already sent from their stored transaction, and repairs a negative reservation", async () => {
  const client = new PGlite();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: migrationsUpTo("0016_cynical_shinobi_shaw") });
    const oldRelayer = `0x${"0a".repeat(20)}`;
    const { rows } = await client.query<{ id: string }>(
      "insert into users (email) values ('migrated@example.com') returning id",
    );
    const userId = rows[0]?.id;
    const relay = (nonce: number | null, state: string, txHash: string | null, reserved: string) =>
      client.query(
        `insert into sponsored_relays (chain_id, user_id, action, signer, target, gas, forwarder_nonce, deadline, data,
          signature, state, relayer_nonce, tx_hash, day, reserved_wei)
        values (31337, $1, 'check_in', $2, '0x00', 100000, 0, 0, '0x', '0x', $3, $4, $5, 20000, $6) returning id`,
        [userId, `0x${String(nonce ?? 9).padStart(40, "0")}`, state, nonce, txHash, reserved],
      );
    const sentTx = `0x${"11".repeat(32)}`;
    await client.query(
      `insert into relayer_transactions (chain_id, relayer, nonce, attempt, hash, raw, gas_limit, max_fee_per_gas,
        max_priority_fee_per_gas, requests, state)
      values (31337, $1, 0, 0, $2, '0x', 100000, 1, 1, 1, 'mined')`,
      [oldRelayer, sentTx],
    );
    await relay(0, "confirmed", sentTx, "100");
    // Its transaction was never stored (or was overwritten by the rotation bug): nothing says who sent it.
    await relay(1, "confirmed", `0x${"22".repeat(32)}`, "100");
    await relay(null, "queued", null, "300");
    // A day a rotation released twice.
    await client.query(
      "insert into sponsorship_days (chain_id, day, reserved_wei, spent_wei, relays) values (31337, 20000, -200, 50, 3)",
    );

    await migrate(db, { migrationsFolder });

    const relays = await client.query<{ relayer_nonce: string | null; relayer: string | null }>(
      "select relayer_nonce, relayer from sponsored_relays order by relayer_nonce nulls last",
    );
    expect(relays.rows.map((row) => row.relayer)).toEqual([oldRelayer, null, null]);
    const days = await client.query<{ reserved_wei: string }>("select reserved_wei::text from sponsorship_days");
    // What the one relay still queued set aside.
    expect(days.rows).toEqual([{ reserved_wei: "300" }]);
    await expect(client.query("update sponsorship_days set reserved_wei = reserved_wei - 301")).rejects.toThrow(
      /sponsorship_days_reserved_not_negative/,
    );
  } finally {
    await client.close();
  }
}, 60_000);
