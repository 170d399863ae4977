import {
  type ClaimResult,
  DAY_MS,
  gmtDate,
  type InviteCodeStats,
  type Invitee,
  type KolCodeStats,
  type KolSummary,
  type OperatorInvites,
  type QualifyOn,
  type ReferralSummary,
  type UseReferralResult,
} from "@arcana/protocol";
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import type { Economy } from "../../economy.js";
import { ApiError } from "../../http/api-error.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { firstCheckIns } from "../daily/service.js";
import { grantPoints, pointsBalance } from "../ledger/api.js";
import { passesHeldBy } from "../passes/service.js";
import {
  currentEvmBindings,
  lockMember,
  memberById,
  memberEmails,
  walletEverBoundToAnother,
} from "../users/service.js";
import {
  closesInviteLoop,
  inboxQualifiedFor,
  qualifiedSince,
  serializeCodeUses,
  serializeInviterQualifications,
} from "./guards.js";
import {
  dailySeries,
  inboxOf,
  inviteePendingReason,
  inviterPendingReason,
  newMemberCode,
  normalizeCode,
  QUALIFIED_CAP_WINDOW_DAYS,
  referralWindowEnd,
  referralWindowOpen,
  refusalReasons,
} from "./rules.js";
import { referralCodes, referralQualifyingWallets, referralUses } from "./schema.js";

type UseRow = typeof referralUses.$inferSelect;
type CodeRow = typeof referralCodes.$inferSelect;
type CodeKind = "member" | "kol";

const RECENT_INVITEES = 50;
const KOL_DAYS = 30;

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

function inviteeView(row: UseRow, qualifyOn: QualifyOn): Invitee {
  const state = row.state as Invitee["state"];
  return {
    joined_on: gmtDate(row.usedAt),
    state,
    reason: state === "pending" ? inviterPendingReason[qualifyOn] : state === "refused" ? row.reason : null,
  };
}

function ledgerKindOf(codeKind: CodeKind) {
  return codeKind === "kol" ? "kol" : "referral";
}

export interface ReferralServiceDeps {
  db: Database;
  economy: Economy;
  /** The public site URL share links point to. */
  publicUrl: string;
  now: () => Date;
  limiter: RateLimiter;
}

/** A member uses one code ever: a handful of tries covers typos, not a search of the code space. */
export const referralRateLimits = {
  usePerMember: { name: "refer_code_use_member", max: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimit>;

export type ReferralService = ReturnType<typeof createReferralService>;

/**
 * Invite codes, KOL codes and their rewards. An invite qualifies when the invitee first does what
 * `referrals.qualifyOn` asks: the wallets service reports a binding inside its transaction
 * (`walletBound`), and every read or claim settles pending invites whose event has happened
 * (check-ins and passes come from the indexer). Settling is idempotent: the use row is locked
 * and moves out of `pending` once; the invitee's points land under (referral_invitee, invitee id).
 */
export function createReferralService({ db, economy, publicUrl, now, limiter }: ReferralServiceDeps) {
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

  /** A member who already joined with a code, or whose window has closed, may not use one. */
  async function assertMayUseACode(tx: Transaction, userId: string, joinedAt: Date, at: Date) {
    const [already] = await tx.select().from(referralUses).where(eq(referralUses.inviteeId, userId));
    if (already) {
      throw new ApiError("referral_already_used", `You already joined with code ${already.code}; a code counts once.`);
    }
    if (!referralWindowOpen(joinedAt, settings.windowDays, at)) {
      throw new ApiError(
        "referral_window_closed",
        `Codes can be entered within ${settings.windowDays} days of joining; that time has passed.`,
      );
    }
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

  /** The member's own code, made on first use; concurrent first calls agree on one. */
  async function memberCode(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [existing] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(and(eq(referralCodes.userId, userId), eq(referralCodes.kind, "member")));
      if (existing) return existing.code;
      // A clash with another code, or another request making this member's code: read again.
      await db
        .insert(referralCodes)
        .values({ code: newMemberCode(), userId, kind: "member", createdAt: now() })
        .onConflictDoNothing();
    }
    throw new Error(`could not make a referral code for ${userId}`);
  }

  /** Moves every qualified, unclaimed inviter reward of this kind into the ledger, once each. */
  async function claim(userId: string, codeKind: CodeKind): Promise<ClaimResult> {
    await settle(await pendingInvitees(and(eq(referralUses.inviterId, userId), eq(referralUses.codeKind, codeKind))));
    const at = now();
    return db.transaction(async (tx) => {
      await lockMember(tx, userId);
      const rows = await tx
        .select()
        .from(referralUses)
        .where(
          and(
            eq(referralUses.inviterId, userId),
            eq(referralUses.codeKind, codeKind),
            eq(referralUses.state, "qualified"),
          ),
        )
        .orderBy(asc(referralUses.usedAt))
        .for("update");
      let claimed = 0;
      for (const row of rows) {
        await tx
          .update(referralUses)
          .set({ state: "claimed", claimedAt: at })
          .where(eq(referralUses.inviteeId, row.inviteeId));
        if (row.inviterPoints <= 0) continue;
        const grant = await grantPoints(tx, {
          userId,
          kind: ledgerKindOf(codeKind),
          amount: row.inviterPoints,
          reference: row.inviteeId,
          label: `${codeKind === "kol" ? "KOL" : "Invite"} reward: a friend who joined ${gmtDate(row.usedAt)} with ${row.code}`,
          at,
        });
        if (grant.granted) claimed += row.inviterPoints;
      }
      return { claimed, pts: await pointsBalance(tx, userId) };
    });
  }

  return {
    /** Called by the wallets service inside the binding's transaction: the invite may qualify now. */
    async walletBound(tx: Transaction, userId: string): Promise<void> {
      await qualify(tx, userId);
    },

    /** Settles the member's own pending invite and those of everyone who used their codes (tasks). */
    async settleFor(userId: string): Promise<void> {
      await settle([userId, ...(await pendingInvitees(eq(referralUses.inviterId, userId)))]);
    },

    /** Invites of any of the member's codes that qualified (claimed or not). */
    async qualifiedInvites(dbOrTx: DatabaseOrTransaction, userId: string): Promise<number> {
      const [row] = await dbOrTx
        .select({ count: sql<number>`count(*)::int` })
        .from(referralUses)
        .where(and(eq(referralUses.inviterId, userId), inArray(referralUses.state, ["qualified", "claimed"])));
      return Number(row?.count ?? 0);
    },

    /** `GET /refer_code`. */
    async summary(userId: string): Promise<ReferralSummary> {
      const code = await memberCode(userId);
      await settle([userId, ...(await pendingInvitees(eq(referralUses.inviterId, userId)))]);
      const member = await memberById(db, userId);
      if (!member) throw new ApiError("unauthenticated", "Sign in to continue.");
      const [own] = await db.select().from(referralUses).where(eq(referralUses.inviteeId, userId));
      const mine = and(eq(referralUses.inviterId, userId), eq(referralUses.codeKind, "member"));
      const [totals] = await db
        .select({
          invitees: sql<number>`count(*)::int`,
          qualified: sql<number>`(count(*) filter (where ${referralUses.state} in ('qualified', 'claimed')))::int`,
          pending: sql<number>`coalesce(sum(${referralUses.inviterPoints}) filter (where ${referralUses.state} = 'qualified'), 0)::int`,
          claimed: sql<number>`coalesce(sum(${referralUses.inviterPoints}) filter (where ${referralUses.state} = 'claimed'), 0)::int`,
        })
        .from(referralUses)
        .where(mine);
      const recent = await db
        .select()
        .from(referralUses)
        .where(mine)
        .orderBy(desc(referralUses.usedAt), desc(referralUses.inviteeId))
        .limit(RECENT_INVITEES);
      return {
        code,
        share_url: `${publicUrl}/?ref=${code}`,
        used_code: own?.code ?? null,
        invitees: Number(totals?.invitees ?? 0),
        qualified: Number(totals?.qualified ?? 0),
        pending_points: Number(totals?.pending ?? 0),
        claimed_points: Number(totals?.claimed ?? 0),
        window_ends_at: own ? null : referralWindowEnd(member.createdAt, settings.windowDays).toISOString(),
        recent: recent.map((row) => inviteeView(row, settings.qualifyOn)),
      };
    },

    /**
     * `POST /refer_code/use`: once per member, within the window, never their own code nor one that
     * would close a loop of invites of any length (decision 0017). Whether a code exists is told
     * only to who may use it: a member past the window or with a code already gets that answer
     * first, and an unknown, disabled or looping code all answer `not_found`. Uses are taken one at
     * a time; both members are then locked in id order.
     */
    async use(userId: string, rawCode: string): Promise<UseReferralResult> {
      await enforceLimit(
        limiter,
        referralRateLimits.usePerMember,
        userId,
        "Too many codes tried. Check the code with whoever gave it to you and try again later.",
      );
      const code = normalizeCode(rawCode);
      const at = now();
      return db.transaction(async (tx) => {
        await serializeCodeUses(tx);
        const member = await memberById(tx, userId);
        if (!member) throw new ApiError("unauthenticated", "Sign in to continue.");
        await assertMayUseACode(tx, userId, member.createdAt, at);
        const [found] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code));
        const unusable = new ApiError("not_found", `There is no code ${code} you can use.`);
        if (!found || found.disabledAt) throw unusable;
        if (found.userId === userId) throw new ApiError("own_code", "This is your own code: share it with friends.");
        for (const id of [userId, found.userId].sort()) await lockMember(tx, id);
        await assertMayUseACode(tx, userId, member.createdAt, at);
        if (await closesInviteLoop(tx, userId, found.userId)) throw unusable;
        const rates = rateOf(found);
        await tx.insert(referralUses).values({
          inviteeId: userId,
          code,
          inviterId: found.userId,
          codeKind: found.kind as CodeKind,
          inviterPoints: rates.inviterPoints,
          inviteePoints: rates.inviteePoints,
          usedAt: at,
        });
        const after = (await qualify(tx, userId)) as UseRow;
        const state = after.state === "refused" ? "refused" : after.state === "pending" ? "pending" : "qualified";
        return {
          code,
          kol: found.kind === "kol",
          invitee_points: rates.inviteePoints,
          state,
          qualify_on: settings.qualifyOn,
          reason:
            state === "pending" ? inviteePendingReason[settings.qualifyOn] : state === "refused" ? after.reason : null,
          pts: await pointsBalance(tx, userId),
        };
      });
    },

    /** `POST /refer_code/claim`: the member's own code's qualified invites. */
    claimReferralRewards: (userId: string) => claim(userId, "member"),

    /** `POST /refer_code/kol/claim`: the member's KOL codes' qualified invites. */
    claimKolRewards: (userId: string) => claim(userId, "kol"),

    /** `GET /refer_code/kol`: per KOL code, uses, qualified invites, points and the last 30 GMT days. */
    async kolSummary(userId: string): Promise<KolSummary> {
      const codes = await db
        .select()
        .from(referralCodes)
        .where(and(eq(referralCodes.userId, userId), eq(referralCodes.kind, "kol")))
        .orderBy(asc(referralCodes.createdAt), asc(referralCodes.code));
      if (codes.length === 0) return { is_kol: false, codes: [] };
      await settle(await pendingInvitees(and(eq(referralUses.inviterId, userId), eq(referralUses.codeKind, "kol"))));
      const names = codes.map((row) => row.code);
      const totals = await db
        .select({
          code: referralUses.code,
          uses: sql<number>`count(*)::int`,
          qualified: sql<number>`(count(*) filter (where ${referralUses.state} in ('qualified', 'claimed')))::int`,
          pending: sql<number>`coalesce(sum(${referralUses.inviterPoints}) filter (where ${referralUses.state} = 'qualified'), 0)::int`,
          claimed: sql<number>`coalesce(sum(${referralUses.inviterPoints}) filter (where ${referralUses.state} = 'claimed'), 0)::int`,
        })
        .from(referralUses)
        .where(inArray(referralUses.code, names))
        .groupBy(referralUses.code);
      const today = now();
      const since = new Date(Date.parse(gmtDate(today)) - (KOL_DAYS - 1) * 86_400_000);
      const usedOn = sql<string>`to_char(${referralUses.usedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const qualifiedOn = sql<string>`to_char(${referralUses.qualifiedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const usesByDay = await db
        .select({ code: referralUses.code, date: usedOn, count: sql<number>`count(*)::int` })
        .from(referralUses)
        .where(and(inArray(referralUses.code, names), gte(referralUses.usedAt, since)))
        .groupBy(referralUses.code, usedOn);
      const qualifiedByDay = await db
        .select({ code: referralUses.code, date: qualifiedOn, count: sql<number>`count(*)::int` })
        .from(referralUses)
        .where(
          and(
            inArray(referralUses.code, names),
            isNotNull(referralUses.qualifiedAt),
            gte(referralUses.qualifiedAt, since),
          ),
        )
        .groupBy(referralUses.code, qualifiedOn);
      const perDay = (rows: Array<{ code: string; date: string; count: number }>, code: string) =>
        new Map(rows.filter((row) => row.code === code).map((row) => [row.date, Number(row.count)]));
      return {
        is_kol: true,
        codes: codes.map((row): KolCodeStats => {
          const total = totals.find((entry) => entry.code === row.code);
          const rates = rateOf(row);
          return {
            code: row.code,
            inviter_points: rates.inviterPoints,
            invitee_points: rates.inviteePoints,
            uses: Number(total?.uses ?? 0),
            qualified: Number(total?.qualified ?? 0),
            pending_points: Number(total?.pending ?? 0),
            claimed_points: Number(total?.claimed ?? 0),
            disabled: row.disabledAt !== null,
            daily: dailySeries(today, KOL_DAYS, perDay(usesByDay, row.code), perDay(qualifiedByDay, row.code)),
          };
        }),
      };
    },
  };

  /** The rates a code promises now: a KOL code's own, else the economy file's. */
  function rateOf(code: CodeRow): { inviterPoints: number; inviteePoints: number } {
    if (code.kind === "kol") {
      return {
        inviterPoints: code.inviterPoints ?? economy.kol.inviterPoints,
        inviteePoints: code.inviteePoints ?? economy.kol.inviteePoints,
      };
    }
    return { inviterPoints: settings.inviterPoints, inviteePoints: settings.inviteePoints };
  }
}

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
