import { randomInt } from "node:crypto";
import { DAY_MS, type InviteRefusal, lastGmtDays, type QualifyOn } from "@arcana/protocol";

/** No 0/O, 1/I: a code read aloud or copied from a screenshot is typed right. */
export const memberCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const MEMBER_CODE_LENGTH = 8;

/** A fresh member code: 8 characters of the unambiguous alphabet (32^8 ≈ 10^12 codes). */
export function newMemberCode(pick: (max: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < MEMBER_CODE_LENGTH; i++) code += memberCodeAlphabet[pick(memberCodeAlphabet.length)];
  return code;
}

/** Codes are case-insensitive: stored and compared upper-case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Until when a member who joined at `joinedAt` may enter someone's code. */
export function referralWindowEnd(joinedAt: Date, windowDays: number): Date {
  return new Date(joinedAt.getTime() + windowDays * DAY_MS);
}

export function referralWindowOpen(joinedAt: Date, windowDays: number, at: Date): boolean {
  return at.getTime() < referralWindowEnd(joinedAt, windowDays).getTime();
}

/** What a pending invitee still has to do, as their inviter reads it. */
export const inviterPendingReason: Record<QualifyOn, string> = {
  wallet_bound: "Has not bound a wallet yet.",
  pass_minted: "Has not minted a Genesis Pass yet.",
  first_check_in: "Has not checked in on chain yet.",
};

/** What the invitee still has to do for their (and their inviter's) points to land. */
export const inviteePendingReason: Record<QualifyOn, string> = {
  wallet_bound: "Bind a wallet to your account: your points land then.",
  pass_minted: "Mint a Genesis Pass with your bound wallet: your points land then.",
  first_check_in: "Check in on chain once: your points land then.",
};

export const refusalReasons = {
  walletBoundElsewhere: "This wallet was bound to another account before: it cannot qualify an invite.",
  walletAlreadyQualified: "This wallet already qualified an invite.",
  sameInbox: "This e-mail inbox already qualified an invite of this code's owner (or is their own).",
  inviterCapReached: "This code's owner reached the most invites that can qualify in 30 days.",
} as const;

const refusalCodes: Record<string, InviteRefusal> = {
  [refusalReasons.walletBoundElsewhere]: "wallet_bound_elsewhere",
  [refusalReasons.walletAlreadyQualified]: "wallet_already_qualified",
  [refusalReasons.sameInbox]: "same_inbox",
  [refusalReasons.inviterCapReached]: "inviter_cap_reached",
};

/**
 * The code of a stored refusal's words (rows keep the English sentence, so old rows read the same
 * without a migration); words this server does not know are `other`.
 */
export function refusalOf(reason: string | null): InviteRefusal {
  return (reason !== null && refusalCodes[reason]) || "other";
}

/**
 * The inbox an address delivers to, as far as we can tell without asking its provider: the local
 * part without a `+tag` (`ada+1@example.com` and `ada@example.com` are one inbox). Addresses are
 * stored normalised (protocol's e-mail rule), so the rest compares as is.
 */
export function inboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`;
}

/** How far up the chain of inviters a new invite is checked for a loop (decision 0018). */
export const INVITE_CHAIN_WALK_LIMIT = 1_000;

/** The window the per-inviter cap on qualified invites counts over. */
export const QUALIFIED_CAP_WINDOW_DAYS = 30;

/** The last `days` GMT dates ending today, oldest first, with each day's counts (0 when absent). */
export function dailySeries(
  today: Date,
  days: number,
  uses: ReadonlyMap<string, number>,
  qualified: ReadonlyMap<string, number>,
): Array<{ date: string; uses: number; qualified: number }> {
  return lastGmtDays(today, days).dates.map((date) => ({
    date,
    uses: uses.get(date) ?? 0,
    qualified: qualified.get(date) ?? 0,
  }));
}
