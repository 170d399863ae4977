import type postgres from "postgres";
import { suiteEconomy } from "./environment.js";

/**
 * What a refused request may still change, and why:
 * - chain_* and app_meta: the indexer's own bookkeeping, which runs in the background;
 * - sign-in codes' failed_attempts (login_codes, sign_in_code_requests) and rate_limits: counting a
 *   refused attempt is the point of them.
 */
const ignoredTables = new Set(["chain_cursors", "chain_blocks", "chain_events", "app_meta", "rate_limits"]);
const ignoredColumns = new Set([
  "login_codes.failed_attempts",
  "sign_in_code_requests.failed_attempts",
  "__drizzle_migrations.created_at",
]);

export type Snapshot = Record<string, number>;

/** One query: every table's row count and the sum of each of its numeric columns. */
export async function snapshotQuery(sql: postgres.Sql): Promise<string> {
  const columns = await sql<{ table_name: string; column_name: string }[]>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('integer', 'bigint', 'smallint', 'numeric')
    order by c.table_name, c.column_name`;
  const tables = await sql<{ table_name: string }[]>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`;
  // One scan per table: its row count and the sum of each numeric column, as one JSON array.
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    if (ignoredTables.has(table)) continue;
    const numeric = columns
      .filter((c) => c.table_name === table && !ignoredColumns.has(`${table}.${c.column_name}`))
      .map((c) => c.column_name);
    const values = ["count(*)::text", ...numeric.map((column) => `coalesce(sum("${column}"), 0)::text`)];
    const keys = JSON.stringify(["rows", ...numeric]);
    parts.push(
      `select '${table}' as t, '${keys}'::json as k, json_build_array(${values.join(", ")}) as v from "${table}"`,
    );
  }
  return parts.join(" union all ");
}

export async function takeSnapshot(sql: postgres.Sql, query: string): Promise<Snapshot> {
  const rows = await sql.unsafe<{ t: string; k: string[]; v: string[] }[]>(query);
  const snapshot: Snapshot = {};
  for (const row of rows) {
    row.k.forEach((key, i) => {
      snapshot[`${row.t}.${key}`] = Number(row.v[i]);
    });
  }
  return snapshot;
}

/** The entries that differ, as `key: before → after`. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).map((k) => `${k}: ${before[k]} → ${after[k]}`);
}

/**
 * The ledger invariant over the whole database; each string is one violation:
 * every member's pts equals the sum of their ledger rows and is ≥ 0; boxes sold ≤ supply and equal
 * the purchased boxes owned; per-member counts match purchases and limits; one pass per wallet.
 */
export async function ledgerInvariant(sql: postgres.Sql): Promise<string[]> {
  const violations: string[] = [];
  const balances = await sql<{ email: string; pts: number; ledger: string }[]>`
    select u.email, u.pts, coalesce((select sum(l.amount) from ledger_entries l where l.user_id = u.id), 0)::text as ledger
    from users u`;
  for (const row of balances) {
    if (row.pts !== Number(row.ledger)) violations.push(`${row.email}: pts ${row.pts} ≠ ledger sum ${row.ledger}`);
    if (row.pts < 0) violations.push(`${row.email}: pts ${row.pts} < 0`);
  }
  const duplicates = await sql<{ kind: string; reference: string; n: number }[]>`
    select kind, reference, count(*)::int as n from ledger_entries group by kind, reference having count(*) > 1`;
  for (const row of duplicates) violations.push(`ledger ${row.kind}/${row.reference} appears ${row.n} times`);
  const boxes = await sql<{ box_id: string; sold: number; purchased: string; owned: string }[]>`
    select s.box_id, s.sold,
      coalesce((select sum(p.quantity) from box_purchases p where p.box_id = s.box_id), 0)::text as purchased,
      (select count(*) from owned_boxes o where o.box_id = s.box_id and o.source = 'purchase')::text as owned
    from box_supply s`;
  for (const row of boxes) {
    const supply = suiteEconomy.boxes.find((box) => box.id === row.box_id)?.supply ?? null;
    if (supply !== null && row.sold > supply) violations.push(`box ${row.box_id}: sold ${row.sold} > supply ${supply}`);
    if (row.sold !== Number(row.purchased))
      violations.push(`box ${row.box_id}: sold ${row.sold} ≠ purchased ${row.purchased}`);
    if (row.sold !== Number(row.owned)) violations.push(`box ${row.box_id}: sold ${row.sold} ≠ owned ${row.owned}`);
  }
  const perMember = await sql<{ email: string; box_id: string; bought: number; purchased: string }[]>`
    select u.email, m.box_id, m.bought,
      coalesce((select sum(p.quantity) from box_purchases p where p.user_id = m.user_id and p.box_id = m.box_id), 0)::text
        as purchased
    from box_member_purchases m join users u on u.id = m.user_id`;
  for (const row of perMember) {
    const limit = suiteEconomy.boxes.find((box) => box.id === row.box_id)?.perMemberLimit ?? null;
    if (row.bought !== Number(row.purchased))
      violations.push(`${row.email} ${row.box_id}: bought ${row.bought} ≠ purchased ${row.purchased}`);
    if (limit !== null && row.bought > limit)
      violations.push(`${row.email} ${row.box_id}: bought ${row.bought} > limit ${limit}`);
  }
  const passes = await sql<{ owner: string; n: number }[]>`
    select owner, count(*)::int as n from passes group by chain_id, owner having count(*) > 1`;
  for (const row of passes) violations.push(`wallet ${row.owner} holds ${row.n} passes`);
  const wallets = await sql<{ wallet_address: string; n: number }[]>`
    select wallet_address, count(*)::int as n from users where wallet_address is not null
    group by wallet_address having count(*) > 1`;
  for (const row of wallets) violations.push(`wallet ${row.wallet_address} bound to ${row.n} members`);
  return violations;
}
