import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { INVITE_CHAIN_WALK_LIMIT } from "./rules.js";
import { referralUses } from "./schema.js";

// Transaction-level advisory locks (namespace, key): released at commit or rollback.
const LOCK_NAMESPACE = 26_009;
const ALL_CODE_USES = 0;

/**
 * Takes every code use in turn. Two uses that each look fine alone can close a loop together
 * (A→B exists; B enters C's code while C enters A's): with one use at a time, the second walk sees
 * the first's invite. Uses happen once per member, so waiting for each other costs nothing.
 */
export async function serializeCodeUses(tx: Transaction): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(LOCK_NAMESPACE))}, ${sql.raw(String(ALL_CODE_USES))})`,
  );
}

/** Takes one inviter's qualifications in turn, so their cap and inbox rule count every other one. */
export async function serializeInviterQualifications(tx: Transaction, inviterId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LOCK_NAMESPACE))}, hashtext(${inviterId}::text))`);
}

/**
 * Whether `inviteeId` entering a code of `inviterId` would close a loop of invites of any length:
 * true when the invitee is the inviter or one of the inviter's inviters, walking up at most
 * INVITE_CHAIN_WALK_LIMIT steps. Each member has at most one inviter, so the walk is a path; a path
 * longer than the limit is treated as a loop (refused), never walked without end.
 */
export async function closesInviteLoop(tx: Transaction, inviteeId: string, inviterId: string): Promise<boolean> {
  if (inviteeId === inviterId) return true;
  const [row] = await tx
    .select({
      found: sql<boolean>`coalesce(bool_or(walk.member = ${inviteeId}::uuid), false)`,
      deepest: sql<number>`coalesce(max(walk.depth), 0)::int`,
    })
    .from(sql`(
      with recursive chain(member, depth) as (
        select inviter_id, 1 from referral_uses where invitee_id = ${inviterId}::uuid
        union all
        select u.inviter_id, chain.depth + 1 from referral_uses u join chain on u.invitee_id = chain.member
        where chain.depth < ${sql.raw(String(INVITE_CHAIN_WALK_LIMIT))} and chain.member <> ${inviteeId}::uuid
      )
      select member, depth from chain) as walk`);
  return Boolean(row?.found) || Number(row?.deepest ?? 0) >= INVITE_CHAIN_WALK_LIMIT;
}

/** Whether an invitee with this inbox already qualified an invite of this inviter. */
export async function inboxQualifiedFor(tx: Transaction, inviterId: string, inboxKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ inviteeId: referralUses.inviteeId })
    .from(referralUses)
    .where(
      and(
        eq(referralUses.inviterId, inviterId),
        eq(referralUses.inboxKey, inboxKey),
        inArray(referralUses.state, ["qualified", "claimed"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Invites of this inviter's codes of one kind that qualified since `since`. */
export async function qualifiedSince(
  tx: Transaction,
  inviterId: string,
  codeKind: "member" | "kol",
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(referralUses)
    .where(
      and(
        eq(referralUses.inviterId, inviterId),
        eq(referralUses.codeKind, codeKind),
        inArray(referralUses.state, ["qualified", "claimed"]),
        gt(referralUses.qualifiedAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}
