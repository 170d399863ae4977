import { DAY_MS, type QualifyOn } from "@arcana/protocol";
import { and, eq } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { firstCheckIns } from "../daily/api.js";
import { grantPoints } from "../ledger/api.js";
import { passesHeldBy } from "../passes/api.js";
import { currentEvmBindings, lockMember, memberById, walletEverBoundToAnother } from "../users/api.js";
import { inboxQualifiedFor, qualifiedSince, serializeInviterQualifications } from "./guards.js";
import { inboxOf, QUALIFIED_CAP_WINDOW_DAYS, refusalReasons } from "./rules.js";
import { referralQualifyingWallets, referralUses } from "./schema.js";

export type UseRow = typeof referralUses.$inferSelect;
export type CodeKind = "member" | "kol";

/** The wallet and time an invitee did what `qualifyOn` asks. */
interface QualifyingFact {
  wallet: string;
  at: Date;
}

/**
 * When each of these members first did what `qualifyOn` asks, from the owning modules' services:
 * the bound EVM wallet (users), a Genesis Pass that wallet holds (passes), the first check-in (daily).
 */
async function qualifyingFacts(
  db: DatabaseOrTransaction,
  qualifyOn: QualifyOn,
  userIds: string[],
): Promise<Map<string, QualifyingFact>> {
  const facts = new Map<string, QualifyingFact>();
  if (userIds.length === 0) return facts;
  if (qualifyOn === "first_check_in") {
    for (const row of await firstCheckIns(db, userIds)) facts.set(row.userId, { wallet: row.wallet, at: row.at });
    return facts;
  }
  const bindings = await currentEvmBindings(db, userIds);
  if (qualifyOn === "wallet_bound") {
    for (const row of bindings) facts.set(row.userId, { wallet: row.wallet, at: row.boundAt });
    return facts;
  }
  const held = await passesHeldBy(
    db,
    bindings.map((row) => row.wallet),
  );
  for (const row of bindings) {
    const passes = held.get(row.wallet);
    if (!passes) continue;
    const at = passes.firstMintedAt > row.boundAt ? passes.firstMintedAt : row.boundAt;
    facts.set(row.userId, { wallet: row.wallet, at });
  }
  return facts;
}

export interface QualifierDeps {
  db: Database;
  economy: Economy;
  now: () => Date;
}

/**
 * Settles invites: an invite qualifies when the invitee first does what `referrals.qualifyOn` asks,
 * unless a farming rule refuses it (decision 0018). Idempotent: the use row is locked and moves out
 * of `pending` once; the invitee's points land under (referral_invitee, invitee id).
 */
export function createQualifier({ db, economy, now }: QualifierDeps) {
  const settings = economy.referrals;

  /** Qualifies or refuses one pending invite if its event has happened; the use row after (undefined: no invite). */
  async function qualify(tx: Transaction, inviteeId: string): Promise<UseRow | undefined> {
    const invitee = await lockMember(tx, inviteeId);
    const [use] = await tx.select().from(referralUses).where(eq(referralUses.inviteeId, inviteeId)).for("update");
    if (use?.state !== "pending" || !invitee) return use;
    const fact = (await qualifyingFacts(tx, settings.qualifyOn, [inviteeId])).get(inviteeId);
    if (!fact) return use;
    const qualifiedAt = fact.at > use.usedAt ? fact.at : use.usedAt;
    const refusal = await refusalOf(tx, use, invitee.email, fact, qualifiedAt);
    if (refusal) {
      const [refused] = await tx
        .update(referralUses)
        .set({ state: "refused", reason: refusal })
        .where(eq(referralUses.inviteeId, inviteeId))
        .returning();
      return refused;
    }
    const [qualified] = await tx
      .update(referralUses)
      .set({ state: "qualified", qualifiedAt, inboxKey: inboxOf(invitee.email) })
      .where(eq(referralUses.inviteeId, inviteeId))
      .returning();
    if (use.inviteePoints > 0) {
      await grantPoints(tx, {
        userId: inviteeId,
        kind: "referral_invitee",
        amount: use.inviteePoints,
        reference: inviteeId,
        label: `Welcome reward for joining with code ${use.code}`,
        at: now(),
      });
    }
    return qualified;
  }

  /**
   * Why this invite may not qualify, or null when it may (then its wallet is recorded as used). The
   * inviter's qualifications are taken in turn, so the inbox rule and the cap count each other.
   */
  async function refusalOf(
    tx: Transaction,
    use: UseRow,
    inviteeEmail: string,
    fact: QualifyingFact,
    at: Date,
  ): Promise<string | null> {
    if (await walletEverBoundToAnother(tx, "evm", fact.wallet, use.inviteeId))
      return refusalReasons.walletBoundElsewhere;
    await serializeInviterQualifications(tx, use.inviterId);
    const inbox = inboxOf(inviteeEmail);
    const inviter = await memberById(tx, use.inviterId);
    if ((inviter && inboxOf(inviter.email) === inbox) || (await inboxQualifiedFor(tx, use.inviterId, inbox))) {
      return refusalReasons.sameInbox;
    }
    const kind = use.codeKind as CodeKind;
    const cap = kind === "kol" ? economy.kol.maxQualifiedPer30Days : settings.maxQualifiedPer30Days;
    const since = new Date(at.getTime() - QUALIFIED_CAP_WINDOW_DAYS * DAY_MS);
    if ((await qualifiedSince(tx, use.inviterId, kind, since)) >= cap) return refusalReasons.inviterCapReached;
    const [recorded] = await tx
      .insert(referralQualifyingWallets)
      .values({ wallet: fact.wallet, inviteeId: use.inviteeId, qualifiedAt: at })
      .onConflictDoNothing()
      .returning();
    return recorded ? null : refusalReasons.walletAlreadyQualified;
  }

  /** Settles every pending invite among these invitees whose qualifying event has happened. */
  async function settle(inviteeIds: string[]) {
    if (inviteeIds.length === 0) return;
    const ready = await qualifyingFacts(db, settings.qualifyOn, inviteeIds);
    for (const inviteeId of ready.keys()) await db.transaction((tx) => qualify(tx, inviteeId));
  }

  async function pendingInvitees(where: ReturnType<typeof and>) {
    const rows = await db
      .select({ inviteeId: referralUses.inviteeId })
      .from(referralUses)
      .where(and(where, eq(referralUses.state, "pending")));
    return rows.map((row) => row.inviteeId);
  }

  return { qualify, settle, pendingInvitees };
}
