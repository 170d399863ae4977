import {
  type Language,
  limits,
  type OperatorConsoleReads,
  type OperatorInvites,
  operatorLimits,
} from "@arcana/protocol";
import { inviteReport } from "../referrals/api.js";
import { memberById } from "../users/api.js";
import { isOperator } from "./api.js";
import { auditLog } from "./audit-log.js";
import { boxOddsReport } from "./box-odds-report.js";
import { chainLag } from "./chain-lag.js";
import { economyOverview } from "./economy-overview.js";
import { type ExportKind, exportCsv } from "./export-csv.js";
import { actionResult, memberDetail, memberLedger, searchMembers } from "./member-lookup.js";
import type { OperatorReportsDeps } from "./report-context.js";

export { type ExportKind, operatorRateLimits } from "./export-csv.js";
export type { OperatorReportsDeps } from "./report-context.js";

export type OperatorReports = ReturnType<typeof createOperatorReports>;

/**
 * The operator console's reads, one file each: the economy's figures (economy-overview.ts), box odds
 * against results (box-odds-report.ts), members (member-lookup.ts), the audit log (audit-log.ts), the
 * indexer (chain-lag.ts), and the CSV exports (export-csv.ts; each export audited: it hands out
 * members' data). The console's actions are each module's admin.ts.
 */
export function createOperatorReports(deps: OperatorReportsDeps) {
  const { db } = deps;
  const reports = {
    actionResult: (action: { memberId: string; auditId: number }) => actionResult(deps, action),
    overview: (days: number) => economyOverview(deps, days),
    boxes: (language: Language) => boxOddsReport(deps, language),
    /** The invite funnel and per-code figures, from the referrals module. */
    invites: (): Promise<OperatorInvites> => inviteReport(db, operatorLimits.inviteCodes),
    searchMembers: (text: string) => searchMembers(deps, text),
    member: (memberId: string) => memberDetail(deps, memberId),
    memberLedger: (memberId: string, page: { perPage: number; cursor?: string }) => memberLedger(deps, memberId, page),
    audit: (page: { perPage: number; cursor?: string }) => auditLog(deps, page),
    exportCsv: (
      actor: Parameters<typeof exportCsv>[1],
      kind: ExportKind,
      query?: { from?: string | undefined; to?: string | undefined },
    ) => exportCsv(deps, actor, kind, query),
    chains: () => chainLag(deps),
    /** Streak reminders: sent, checked in within 6 hours after, unsubscribes (the reminders module's report). */
    reminders: () => deps.reminders(),

    /** The reads server rendering hands the console's pages, for an operator only (null for anyone else). */
    async consoleFor(userId: string | undefined): Promise<OperatorConsoleReads | null> {
      if (!userId || !(await isOperator(db, userId))) return null;
      return {
        overview: (days) => reports.overview(days),
        boxes: (language) => reports.boxes(language),
        invites: () => reports.invites(),
        searchMembers: (text) => reports.searchMembers(text),
        member: async (id) => ((await memberById(db, id).catch(() => undefined)) ? reports.member(id) : null),
        memberLedger: (id) => reports.memberLedger(id, { perPage: limits.rewardsPageSize }),
        audit: (cursor) => reports.audit({ perPage: limits.rewardsPageSize, ...(cursor ? { cursor } : {}) }),
        chains: () => reports.chains(),
        sponsorship: deps.sponsorship,
        reminders: () => reports.reminders(),
      };
    },
  };
  return reports;
}
