import { type MemberSummary, type OperatorActionResult, type OperatorMember, operatorLimits } from "@arcana/protocol";
import { ApiError } from "../../shared/errors.js";
import { listLedgerForOperator } from "../ledger/api.js";
import { isOnAllowlist, passesOwnedBy } from "../passes/api.js";
import { type MemberRow, memberById, memberIdentity, searchMembers as searchMemberRows } from "../users/api.js";
import type { OperatorReportsDeps } from "./report-context.js";

function toSummary(row: MemberRow): MemberSummary {
  return {
    ...memberIdentity(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** What an action answers: the member afterwards and the audit entry it wrote. */
export async function actionResult(
  { db }: OperatorReportsDeps,
  { memberId, auditId }: { memberId: string; auditId: number },
): Promise<OperatorActionResult> {
  const member = await memberById(db, memberId);
  if (!member) throw new Error(`member ${memberId} vanished`);
  return { member: toSummary(member), audit_id: auditId };
}

/** Members whose e-mail, wallet or id matches `text`. */
export async function searchMembers({ db }: OperatorReportsDeps, text: string): Promise<MemberSummary[]> {
  return (await searchMemberRows(db, text, operatorLimits.memberSearchResults)).map(toSummary);
}

/** One member: identity, allowlist place and passes. */
export async function memberDetail({ db }: OperatorReportsDeps, memberId: string): Promise<OperatorMember> {
  const member = await memberById(db, memberId);
  if (!member) throw new ApiError("not_found", "There is no such member.");
  const [onAllowlist, passes] = await Promise.all([
    isOnAllowlist(db, member.email, member.walletAddress),
    member.walletAddress ? passesOwnedBy(db, member.walletAddress) : [],
  ]);
  return {
    member: toSummary(member),
    on_allowlist: onAllowlist,
    passes: passes.map((pass) => ({
      chain_id: pass.chainId,
      token_id: pass.tokenId,
      staked: pass.staked,
      minted_at: pass.mintedAt.toISOString(),
    })),
  };
}

/** One member's ledger, a page at a time. */
export async function memberLedger(
  { db }: OperatorReportsDeps,
  memberId: string,
  page: { perPage: number; cursor?: string },
) {
  if (!(await memberById(db, memberId))) throw new ApiError("not_found", "There is no such member.");
  return listLedgerForOperator(db, memberId, page);
}
