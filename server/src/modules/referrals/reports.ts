import type { InviteCodeStats, OperatorInvites } from "@arcana/protocol";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { currentEvmBindings, memberEmails } from "../users/api.js";
import type { CodeKind } from "./qualification.js";
import { referralCodes, referralUses } from "./schema.js";

/** Pending invitees looked up per query when counting who bound a wallet. */
const BINDING_LOOKUP_BATCH = 1_000;

/**
 * The operator console's Invites page: every KOL code, then member codes used at least once (most
 * used first), at most `limit`, each with its uses, outcomes, refusal reasons and points paid; and the
 * funnel over every use. Read only: it settles nothing, so an invite whose event happened since the
 * last read or claim still counts as pending (with `qualifyOn: wallet_bound` the binding settles it).
 */
export async function inviteReport(db: DatabaseOrTransaction, limit: number): Promise<OperatorInvites> {
  const uses = sql<number>`count(${referralUses.inviteeId})::int`;
  const codes = await db
    .select({
      code: referralCodes.code,
      kind: referralCodes.kind,
      userId: referralCodes.userId,
      disabledAt: referralCodes.disabledAt,
      uses,
      qualified: sql<number>`(count(*) filter (where ${referralUses.state} in ('qualified', 'claimed')))::int`,
      pending: sql<number>`(count(*) filter (where ${referralUses.state} = 'pending'))::int`,
      refused: sql<number>`(count(*) filter (where ${referralUses.state} = 'refused'))::int`,
      paid: sql<number>`(coalesce(sum(${referralUses.inviterPoints}) filter (where ${referralUses.state} = 'claimed'), 0)
        + coalesce(sum(${referralUses.inviteePoints}) filter (where ${referralUses.state} in ('qualified', 'claimed')), 0))::int`,
    })
    .from(referralCodes)
    .leftJoin(referralUses, eq(referralUses.code, referralCodes.code))
    .groupBy(referralCodes.code)
    .having(sql`${referralCodes.kind} = 'kol' or count(${referralUses.inviteeId}) > 0`)
    .orderBy(sql`(${referralCodes.kind} = 'kol') desc`, desc(uses), asc(referralCodes.code))
    .limit(limit);
  const names = codes.map((row) => row.code);
  const reasons =
    names.length === 0
      ? []
      : await db
          .select({ code: referralUses.code, reason: referralUses.reason, count: sql<number>`count(*)::int` })
          .from(referralUses)
          .where(and(inArray(referralUses.code, names), eq(referralUses.state, "refused")))
          .groupBy(referralUses.code, referralUses.reason);
  const emails = await memberEmails(db, [...new Set(codes.map((row) => row.userId))]);
  const [funnel] = await db
    .select({
      used: sql<number>`count(*)::int`,
      settled: sql<number>`(count(*) filter (where ${referralUses.state} <> 'pending'))::int`,
      qualified: sql<number>`(count(*) filter (where ${referralUses.state} in ('qualified', 'claimed')))::int`,
      claimed: sql<number>`(count(*) filter (where ${referralUses.state} = 'claimed'))::int`,
    })
    .from(referralUses);
  // Pending invitees who hold a wallet already (their invite waits for a pass or a check-in).
  const pending = (
    await db.select({ inviteeId: referralUses.inviteeId }).from(referralUses).where(eq(referralUses.state, "pending"))
  ).map((row) => row.inviteeId);
  const boundPending = new Set<string>();
  for (let start = 0; start < pending.length; start += BINDING_LOOKUP_BATCH) {
    const batch = pending.slice(start, start + BINDING_LOOKUP_BATCH);
    for (const row of await currentEvmBindings(db, batch)) boundPending.add(row.userId);
  }
  return {
    funnel: {
      used: Number(funnel?.used ?? 0),
      bound_wallet: Number(funnel?.settled ?? 0) + boundPending.size,
      qualified: Number(funnel?.qualified ?? 0),
      claimed: Number(funnel?.claimed ?? 0),
    },
    codes: codes.map(
      (row): InviteCodeStats => ({
        code: row.code,
        kind: row.kind as CodeKind,
        owner_email: emails.get(row.userId) ?? row.userId,
        disabled: row.disabledAt !== null,
        uses: Number(row.uses),
        qualified: Number(row.qualified),
        pending: Number(row.pending),
        refused: Number(row.refused),
        refused_reasons: reasons
          .filter((entry) => entry.code === row.code)
          .map((entry) => ({ reason: entry.reason ?? "No reason recorded", count: Number(entry.count) }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        points_paid: Number(row.paid),
      }),
    ),
    code_limit: limit,
  };
}
