import {
  type ClaimResult,
  gmtDate,
  type Invitee,
  type KolCodeStats,
  type KolSummary,
  lastGmtDays,
  type QualifyOn,
  type ReferralSummary,
  type UseReferralResult,
} from "@arcana/protocol";
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { gmtDateSql } from "../../db/gmt-day.js";
import type { Economy } from "../../economy.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { ApiError } from "../../shared/errors.js";
import { grantPoints, pointsBalance } from "../ledger/api.js";
import { lockMember, memberById } from "../users/api.js";
import { closesInviteLoop, serializeCodeUses } from "./guards.js";
import { type CodeKind, createQualifier, type UseRow } from "./qualification.js";
import {
  dailySeries,
  inviteePendingReason,
  inviterPendingReason,
  newMemberCode,
  normalizeCode,
  referralWindowEnd,
  referralWindowOpen,
  refusalOf,
} from "./rules.js";
import { referralCodes, referralUses } from "./schema.js";

type CodeRow = typeof referralCodes.$inferSelect;

const RECENT_INVITEES = 50;
const KOL_DAYS = 30;

function inviteeView(row: UseRow, qualifyOn: QualifyOn): Invitee {
  const state = row.state as Invitee["state"];
  return {
    joined_on: gmtDate(row.usedAt),
    state,
    reason: state === "pending" ? inviterPendingReason[qualifyOn] : state === "refused" ? row.reason : null,
    waiting_for: state === "pending" ? qualifyOn : null,
    refusal: state === "refused" ? refusalOf(row.reason) : null,
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
  const { qualify, settle, pendingInvitees } = createQualifier({ db, economy, now });

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
     * would close a loop of invites of any length (decision 0018). Whether a code exists is told
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
          refusal: state === "refused" ? refusalOf(after.reason) : null,
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
      const { since } = lastGmtDays(today, KOL_DAYS);
      const usedOn = gmtDateSql(referralUses.usedAt);
      const qualifiedOn = gmtDateSql(referralUses.qualifiedAt);
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
