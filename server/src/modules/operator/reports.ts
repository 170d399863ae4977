import {
  type AuditPage,
  type ChainStatuses,
  chiSquareTest,
  DAY_MS,
  type DailySeries,
  describeBoxReward,
  gmtDayNumber,
  lastGmtDays,
  limits,
  type MemberSummary,
  type OperatorActionResult,
  type OperatorBoxes,
  type OperatorConsoleReads,
  type OperatorInvites,
  type OperatorMember,
  type OperatorOverview,
  type OperatorSponsorship,
  operatorLimits,
  parseGmtDate,
} from "@arcana/protocol";
import { desc, lt } from "drizzle-orm";
import { chainIndexerStatuses } from "../../chain/indexer.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import { csvField, csvLines, csvStream, csvText } from "../../http/csv.js";
import { enforceLimit, type RateLimit, type RateLimiter } from "../../rate-limit/limiter.js";
import { type BoxReports, openingsForExport } from "../boxes/api.js";
import { checkInsPerDay } from "../daily/api.js";
import {
  dailyLedgerFigures,
  type ExportRange,
  ledgerCsvBatch,
  ledgerCsvColumns,
  ledgerLabel,
  listLedgerForOperator,
} from "../ledger/api.js";
import { isOnAllowlist, passesOwnedBy, passTotals } from "../passes/api.js";
import { inviteReport } from "../referrals/api.js";
import {
  type MemberRow,
  memberById,
  memberIdentity,
  membersForExport,
  memberTotals,
  newMembersPerDay,
  searchMembers,
} from "../users/api.js";
import { type Actor, isOperator, recordAudit } from "./api.js";
import { operatorAudit } from "./schema.js";

function toSummary(row: MemberRow): MemberSummary {
  return {
    ...memberIdentity(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** Rows per database read while an export streams: memory holds one batch, whatever the file's size. */
const EXPORT_BATCH_ROWS = 5_000;

export type ExportKind = "ledger" | "members" | "box_openings";

/** `from`/`to` GMT days (both included) as a time range; a day that does not exist is a 400. */
function exportRange(query: { from?: string | undefined; to?: string | undefined }): ExportRange {
  const day = (value: string | undefined, name: string) => {
    if (value === undefined) return null;
    const parsed = parseGmtDate(value);
    if (!parsed) throw new ApiError("bad_request", `${name} is not a calendar day (YYYY-MM-DD).`);
    return parsed;
  };
  const from = day(query.from, "from");
  const to = day(query.to, "to");
  const until = to ? new Date(to.getTime() + DAY_MS) : null;
  // The day after 9999-12-31 is past PostgreSQL's dates: up to the last day is up to the end.
  return { from, until: until && until.getUTCFullYear() <= 9999 ? until : null };
}

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/** The order the overview stacks issued points in; kinds it does not know come after, by name. */
const issuedKindOrder = ["check_in", "tarot", "staking", "referral", "task", "box_reward", "grant"];

export interface OperatorReportsDeps {
  db: Database;
  config: Config;
  boxes: BoxReports;
  /** The sponsorship module's report (its relayers), for the console's page. */
  sponsorship: () => Promise<OperatorSponsorship>;
  now: () => Date;
  limiter: RateLimiter;
}

/** An export reads the whole table: a few per operator in ten minutes is plenty, a loop is load. */
export const operatorRateLimits = {
  exportsPerOperator: { name: "operator_export", max: 10, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, RateLimit>;

export type OperatorReports = ReturnType<typeof createOperatorReports>;

/**
 * The operator console's reads: the economy's figures, box odds against results, invites, members,
 * the audit log, the indexer, and the CSV exports (each export audited: it hands out members' data).
 * The console's actions are each module's admin.ts.
 */
export function createOperatorReports({ db, config, boxes, sponsorship, now, limiter }: OperatorReportsDeps) {
  return {
    /** What an action answers: the member afterwards and the audit entry it wrote. */
    async actionResult({ memberId, auditId }: { memberId: string; auditId: number }): Promise<OperatorActionResult> {
      const member = await memberById(db, memberId);
      if (!member) throw new Error(`member ${memberId} vanished`);
      return { member: toSummary(member), audit_id: auditId };
    },

    async overview(days: number): Promise<OperatorOverview> {
      const { days: dayNumbers, dates, since } = lastGmtDays(now(), days);
      const firstDay = dayNumbers[0] ?? gmtDayNumber(since);
      const [totals, passes, newMembers, ledger, checkIns] = await Promise.all([
        memberTotals(db),
        passTotals(db),
        newMembersPerDay(db, since),
        dailyLedgerFigures(db, since),
        checkInsPerDay(db, firstDay),
      ]);
      const series = (key: string, label: string, valueOn: (date: string, index: number) => number): DailySeries => ({
        key,
        label,
        values: dates.map(valueOn),
      });
      const issuedKinds = [...new Set(ledger.movements.filter((row) => row.issued > 0).map((row) => row.kind))].sort(
        (a, b) => {
          const rank = (kind: string) => (issuedKindOrder.includes(kind) ? issuedKindOrder.indexOf(kind) : 99);
          return rank(a) - rank(b) || a.localeCompare(b);
        },
      );
      const sumOf = (date: string, pick: (row: (typeof ledger.movements)[number]) => number, kind?: string) =>
        ledger.movements
          .filter((row) => row.day === date && (kind === undefined || row.kind === kind))
          .reduce((sum, row) => sum + pick(row), 0);
      return {
        days,
        dates,
        members_total: totals.members,
        circulating_points: totals.points,
        passes_minted: passes.minted,
        passes_staked: passes.staked,
        new_members: series("new_members", "New members", (date) => newMembers.get(date) ?? 0),
        active_members: series("active_members", "Active members", (date) => ledger.activeMembers.get(date) ?? 0),
        check_ins: series("check_ins", "Check-ins", (_, index) => checkIns.get(firstDay + index) ?? 0),
        points_issued: issuedKinds.map((kind) =>
          series(kind, ledgerLabel({ kind, label: null }), (date) => sumOf(date, (row) => row.issued, kind)),
        ),
        points_spent: series("spent", "Points spent", (date) => sumOf(date, (row) => row.spent)),
      };
    },

    async boxes(): Promise<OperatorBoxes> {
      const report = await boxes.report();
      const boxName = (id: string) => report.find((entry) => entry.box.id === id)?.box.name ?? id;
      return report.map(({ box, sold, results }) => ({
        box_id: box.id,
        name: box.name,
        price: box.price,
        supply: box.supply,
        supply_left: box.supply_left,
        sold,
        window_days: results.window_days,
        versions: results.versions.map((version) => {
          const test = chiSquareTest(
            version.rewards.map((reward) => reward.count),
            version.rewards.map((reward) => reward.probability),
          );
          return {
            odds_version: version.odds_version,
            openings: version.total,
            chi_square: test?.statistic ?? null,
            degrees_of_freedom: test?.degreesOfFreedom ?? Math.max(0, version.rewards.length - 1),
            p_value: test?.pValue ?? null,
            drifting: test !== null && test.pValue < operatorLimits.driftPValue,
            rewards: version.rewards.map((reward) => ({
              reward: reward.reward,
              label: describeBoxReward(reward.reward, boxName),
              stated: reward.probability,
              observed: reward.share,
              count: reward.count,
              expected: reward.probability * version.total,
            })),
          };
        }),
      }));
    },

    /** The invite funnel and per-code figures, from the referrals module. */
    invites(): Promise<OperatorInvites> {
      return inviteReport(db, operatorLimits.inviteCodes);
    },

    async searchMembers(text: string): Promise<MemberSummary[]> {
      return (await searchMembers(db, text, operatorLimits.memberSearchResults)).map(toSummary);
    },

    async member(memberId: string): Promise<OperatorMember> {
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
    },

    async memberLedger(memberId: string, page: { perPage: number; cursor?: string }) {
      if (!(await memberById(db, memberId))) throw new ApiError("not_found", "There is no such member.");
      return listLedgerForOperator(db, memberId, page);
    },

    async audit(page: { perPage: number; cursor?: string }): Promise<AuditPage> {
      let before: number | null = null;
      if (page.cursor !== undefined) {
        before = /^\d{1,15}$/.test(page.cursor) ? Number(page.cursor) : null;
        if (before === null)
          throw new ApiError("bad_request", "The cursor is not valid; start again from the first page.");
      }
      const rows = await db
        .select()
        .from(operatorAudit)
        .where(before === null ? undefined : lt(operatorAudit.id, before))
        .orderBy(desc(operatorAudit.id))
        .limit(page.perPage + 1);
      const items = rows.slice(0, page.perPage);
      const last = items.at(-1);
      return {
        items: items.map((row) => ({
          id: row.id,
          actor: row.actor,
          action: row.action,
          subject: row.subject,
          before: row.before,
          after: row.after,
          reason: row.reason,
          created_at: row.createdAt.toISOString(),
        })),
        next_cursor: rows.length > page.perPage && last ? String(last.id) : null,
      };
    },

    /**
     * A CSV export, streamed in batches (constant memory). The export itself is audited: it hands
     * members' data to whoever runs it.
     */
    async exportCsv(
      actor: Actor,
      kind: ExportKind,
      query: { from?: string | undefined; to?: string | undefined } = {},
    ): Promise<ReadableStream<Uint8Array>> {
      const range = exportRange(query);
      if (actor.kind === "operator") {
        await enforceLimit(
          limiter,
          operatorRateLimits.exportsPerOperator,
          actor.id,
          `At most ${operatorRateLimits.exportsPerOperator.max} exports per 10 minutes. Try again later.`,
        );
      }
      await recordAudit(
        db,
        actor,
        { action: `export_${kind}`, after: { from: query.from ?? null, to: query.to ?? null } },
        now(),
      );
      if (kind === "ledger") {
        return csvStream<number>(ledgerCsvColumns, (after) => ledgerCsvBatch(db, range, after, EXPORT_BATCH_ROWS));
      }
      if (kind === "members") {
        return csvStream<string>(
          ["member_id", "email", "points", "wallet_address", "solana_address", "created_at"],
          async (after) => {
            const rows = await membersForExport(db, after, EXPORT_BATCH_ROWS);
            const last = rows.at(-1);
            if (!last) return null;
            return {
              chunk: csvLines(
                rows.map((row) =>
                  [
                    csvField(row.id),
                    csvText(row.email),
                    csvField(row.pts),
                    csvField(row.walletAddress),
                    csvText(row.solanaAddress),
                    csvField(row.createdAt.toISOString()),
                  ].join(","),
                ),
              ),
              last: last.id,
            };
          },
        );
      }
      return csvStream<{ openedAt: Date; id: string }>(
        ["box_id", "opened_at", "member_id", "odds_version_id", "reward_index", "client_seed", "nonce", "owned_box_id"],
        async (after) => {
          const rows = await openingsForExport(db, range, after, EXPORT_BATCH_ROWS);
          const last = rows.at(-1);
          if (!last?.openedAt) return null;
          return {
            chunk: csvLines(
              rows.map((row) =>
                [
                  csvField(row.boxId),
                  csvField(iso(row.openedAt)),
                  csvField(row.userId),
                  csvField(row.oddsVersionId),
                  csvField(row.rewardIndex),
                  csvText(row.clientSeed),
                  csvField(row.nonce),
                  csvField(row.id),
                ].join(","),
              ),
            ),
            last: { openedAt: last.openedAt, id: last.id },
          };
        },
      );
    },

    /** The reads server rendering hands the console's pages, for an operator only (null for anyone else). */
    async consoleFor(userId: string | undefined): Promise<OperatorConsoleReads | null> {
      if (!userId || !(await isOperator(db, userId))) return null;
      return {
        overview: (days) => this.overview(days),
        boxes: () => this.boxes(),
        invites: () => this.invites(),
        searchMembers: (text) => this.searchMembers(text),
        member: async (id) => ((await memberById(db, id).catch(() => undefined)) ? this.member(id) : null),
        memberLedger: (id) => this.memberLedger(id, { perPage: limits.rewardsPageSize }),
        audit: (cursor) => this.audit({ perPage: limits.rewardsPageSize, ...(cursor ? { cursor } : {}) }),
        chains: () => this.chains(),
        sponsorship,
      };
    },

    async chains(): Promise<ChainStatuses> {
      const statuses = await chainIndexerStatuses(db);
      const threshold = operatorLimits.chainLagThresholdSeconds;
      const at = now();
      const configured = config.chains.filter((chain) => chain.genesisPassAddress || chain.dailyAddress);
      return {
        lag_threshold_seconds: threshold,
        chains: configured.map((chain) => {
          const status = statuses.find((row) => row.chainId === chain.id);
          const lagBlocks =
            status?.headBlock != null && status.indexedBlock != null
              ? Math.max(0, status.headBlock - status.indexedBlock)
              : null;
          // Behind by more than the confirmations it waits for: how old the newest indexed block was at the
          // last completed pass; plus the time since that pass, as the chain went on meanwhile (an RPC outage,
          // a dead leader: the head is unknown, but the indexed state grows older).
          const silentFor = status ? (at.getTime() - status.updatedAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
          const lagSeconds =
            lagBlocks === null || !status?.indexedTime
              ? null
              : Math.max(
                  0,
                  Math.round(
                    (lagBlocks <= chain.confirmations
                      ? 0
                      : (status.updatedAt.getTime() - status.indexedTime.getTime()) / 1000) + Math.max(0, silentFor),
                  ),
                );
          return {
            chain_id: chain.id,
            name: chain.key,
            head_block: status?.headBlock ?? null,
            indexed_block: status?.indexedBlock ?? null,
            lag_blocks: lagBlocks,
            lag_seconds: lagSeconds,
            last_error: status?.lastError ?? null,
            last_error_at: status?.lastErrorAt?.toISOString() ?? null,
            // A pass completed since the error: it is history, not the chain's state.
            error_current: Boolean(status?.lastErrorAt && status.lastErrorAt > status.updatedAt),
            leader: status?.leader ?? null,
            reported_at: status?.updatedAt.toISOString() ?? null,
            lagging: lagSeconds === null || lagSeconds > threshold || silentFor > threshold,
          };
        }),
      };
    },
  };
}
