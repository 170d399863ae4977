import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { ApiError } from "../../shared/errors.js";
import { sponsoredRelays, sponsorshipDays, sponsorshipMemberDays } from "./schema.js";

/**
 * Stores an accepted relay in one statement (autocommit, one round trip), all or nothing in the
 * order policy refuses: the member's quota for the day is taken, then the chain's budget for the
 * day reserves `reserved` (the day's first relay creates its row), then the relay is stored. A
 * step that refuses leaves the later ones unwritten; what the earlier ones took is given back
 * right away (`giveBack`). The budget row every relay of the chain updates stays locked for this
 * statement and its commit only, never across a round trip (decisions 0023, 0035).
 */
export async function storeRelay(
  db: Database,
  relay: typeof sponsoredRelays.$inferInsert & { reservedWei: string },
  budget: bigint,
  quota: number,
  quotaUsed: (quota: number) => ApiError,
) {
  const [outcome] = await queryRows<{ quota: boolean; budget: boolean; relay_id: string | null }>(
    db,
    sql`with quota as (
      insert into ${sponsorshipMemberDays} (user_id, chain_id, day, used)
      values (${relay.userId}, ${relay.chainId}, ${relay.day}, 1)
      on conflict (user_id, chain_id, day) do update set used = ${sponsorshipMemberDays}.used + 1
        where ${sponsorshipMemberDays}.used < ${quota}
      returning 1
    ), budget as (
      insert into ${sponsorshipDays} (chain_id, day, reserved_wei, spent_wei, relays)
      select ${relay.chainId}, ${relay.day}, ${relay.reservedWei}::numeric, 0, 1
      where exists (select 1 from quota) and ${relay.reservedWei}::numeric <= ${budget.toString()}::numeric
      on conflict (chain_id, day) do update
        set reserved_wei = ${sponsorshipDays}.reserved_wei + excluded.reserved_wei,
            relays = ${sponsorshipDays}.relays + 1
        where ${sponsorshipDays}.spent_wei + ${sponsorshipDays}.reserved_wei + excluded.reserved_wei
          <= ${budget.toString()}::numeric
      returning 1
    ), relay as (
      insert into ${sponsoredRelays}
        (chain_id, user_id, action, signer, target, gas, forwarder_nonce, deadline, data, signature, day, reserved_wei)
      select ${relay.chainId}, ${relay.userId}, ${relay.action}, ${relay.signer}, ${relay.target},
        ${relay.gas.toString()}::bigint, ${relay.forwarderNonce}::numeric, ${relay.deadline}::bigint,
        ${relay.data}, ${relay.signature}, ${relay.day}, ${relay.reservedWei}::numeric
      where exists (select 1 from budget)
      on conflict do nothing
      returning id
    )
    select exists (select 1 from quota) as quota, exists (select 1 from budget) as budget,
      (select id from relay) as relay_id`,
  );
  if (!outcome?.quota) return { refused: quotaUsed(quota) };
  if (!outcome.relay_id) {
    await giveBack(db, relay, outcome.budget);
    if (!outcome.budget) {
      return { refused: new ApiError("budget_spent", "Today's sponsorship budget on this network is spent.") };
    }
    return { raced: true as const };
  }
  return { relayId: outcome.relay_id };
}

/** Gives back the quota (and the budget reservation) a relay took but was not stored with. */
async function giveBack(
  db: Database,
  relay: { userId: string; chainId: number; day: number; reservedWei: string },
  budget: boolean,
) {
  // The day's quota row goes when this was its only use: a refusal leaves nothing behind.
  const mine = sql`user_id = ${relay.userId} and chain_id = ${relay.chainId} and day = ${relay.day}`;
  await db.execute(sql`with gone as (delete from ${sponsorshipMemberDays} where ${mine} and used = 1)
    update ${sponsorshipMemberDays} set used = used - 1 where ${mine} and used > 1`);
  if (!budget) return;
  await db
    .update(sponsorshipDays)
    .set({
      reservedWei: sql`${sponsorshipDays.reservedWei} - ${relay.reservedWei}`,
      relays: sql`${sponsorshipDays.relays} - 1`,
    })
    .where(and(eq(sponsorshipDays.chainId, relay.chainId), eq(sponsorshipDays.day, relay.day)));
}
