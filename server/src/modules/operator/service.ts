import {
  type AuditPage,
  type ChainStatuses,
  chiSquareTest,
  DAY_MS,
  type DailySeries,
  describeBoxReward,
  gmtDate,
  gmtDayNumber,
  limits,
  type MemberSummary,
  normalizeEmail,
  type OperatorActionResult,
  type OperatorBoxes,
  type OperatorConsoleReads,
  type OperatorInvites,
  type OperatorMember,
  type OperatorOverview,
  operatorLimits,
  type PointsAdjustment,
  parseGmtDate,
} from "@arcana/protocol";
import { desc, eq, lt } from "drizzle-orm";
import { getAddress } from "viem";
import { chainIndexerStatuses } from "../../chain/indexer.js";
import type { Config } from "../../config.js";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client.js";
import { ApiError } from "../../http/api-error.js";
import { csvField, csvLines, csvStream, csvText } from "../../http/csv.js";
import { type BoxService, openingsForExport } from "../boxes/service.js";
import { checkInsPerDay } from "../daily/service.js";
import {
  dailyLedgerFigures,
  deductByOperator,
  type ExportRange,
  grantByOperator,
  ledgerCsvBatch,
  ledgerCsvColumns,
  ledgerLabel,
  listLedgerForOperator,
} from "../ledger/service.js";
import { allowlistAdmin, isOnAllowlist, passesOwnedBy, passTotals } from "../passes/service.js";
import { inviteReport } from "../referrals/service.js";
import {
  lockMember,
  type MemberRow,
  memberByEmail,
  memberById,
  membersForExport,
  memberTotals,
  newMembersPerDay,
  searchMembers,
} from "../users/service.js";
import { type BoundWalletKind, walletAdmin } from "../wallets/service.js";
import { operatorAudit, operators } from "./schema.js";

/** Who acted: a signed-in operator, or a command run on the server. */
export type Actor = { id: string; email: string } | "cli";

interface AuditRecord {
  action: string;
  subject?: MemberRow;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Appends one entry to the audit log, in the transaction of the action it records. */
async function recordAudit(tx: DatabaseOrTransaction, actor: Actor, record: AuditRecord, at?: Date): Promise<number> {
  const [row] = await tx
    .insert(operatorAudit)
    .values({
      actorId: actor === "cli" ? null : actor.id,
      actor: actor === "cli" ? "cli" : actor.email,
      action: record.action,
      subjectId: record.subject?.id ?? null,
      subject: record.subject?.email ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
      reason: record.reason ?? null,
      ...(at ? { createdAt: at } : {}),
    })
    .returning({ id: operatorAudit.id });
  if (!row) throw new Error("audit insert returned nothing");
  return row.id;
}

export async function isOperator(db: DatabaseOrTransaction, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId));
  return row !== undefined;
}

/** `npm run admin -- operator add|remove|list`: the only way a member becomes (or stops being) an operator. */
export function operatorAdmin(db: Database) {
  async function find(tx: DatabaseOrTransaction, email: string) {
    const member = await memberByEmail(tx, normalizeEmail(email));
    if (!member) throw new Error(`No member has the e-mail address ${email}; they sign in once first.`);
    return member;
  }
  return {
    /** False when the member already was an operator. */
    add: (email: string) =>
      db.transaction(async (tx) => {
        const member = await find(tx, email);
        const added = await tx.insert(operators).values({ userId: member.id }).onConflictDoNothing().returning();
        if (added.length > 0) {
          await recordAudit(tx, "cli", {
            action: "operator_add",
            subject: member,
            before: { operator: false },
            after: { operator: true },
          });
        }
        return { email: member.email, added: added.length > 0 };
      }),
    /** False when the member was not an operator. */
    remove: (email: string) =>
      db.transaction(async (tx) => {
        const member = await find(tx, email);
        const removed = await tx.delete(operators).where(eq(operators.userId, member.id)).returning();
        if (removed.length > 0) {
          await recordAudit(tx, "cli", {
            action: "operator_remove",
            subject: member,
            before: { operator: true },
            after: { operator: false },
          });
        }
        return { email: member.email, removed: removed.length > 0 };
      }),
    async list() {
      const rows = await db.select().from(operators).orderBy(operators.grantedAt);
      const found = await Promise.all(rows.map(async (row) => ({ row, member: await memberById(db, row.userId) })));
      return found.map(({ row, member }) => ({ email: member?.email ?? row.userId, grantedAt: row.grantedAt }));
    },
  };
}

function toSummary(row: MemberRow): MemberSummary {
  return {
    uid: row.id,
    email: row.email,
    pts: row.pts,
    wallet_address: row.walletAddress ? getAddress(row.walletAddress) : null,
    solana_address: row.solanaAddress,
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
  return { from, until: to ? new Date(to.getTime() + DAY_MS) : null };
}

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/** The order the overview stacks issued points in; kinds it does not know come after, by name. */
const issuedKindOrder = ["check_in", "tarot", "staking", "referral", "task", "box_reward", "grant"];

export interface OperatorServiceDeps {
  db: Database;
  config: Config;
  boxes: BoxService;
  now: () => Date;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/** The operator console's figures and actions; every action is audited in its own transaction. */
export function createOperatorService({ db, config, boxes, now }: OperatorServiceDeps) {
  async function lockedMember(tx: Transaction, memberId: string): Promise<MemberRow> {
    const member = await lockMember(tx, memberId);
    if (!member) throw new ApiError("not_found", "There is no such member.");
    return member;
  }

  async function afterAction(tx: Transaction, memberId: string, auditId: number): Promise<OperatorActionResult> {
    const member = await memberById(tx, memberId);
    if (!member) throw new Error(`member ${memberId} vanished`);
    return { member: toSummary(member), audit_id: auditId };
  }

  return {
    /** 403 unless the member is an operator. */
    async assertOperator(userId: string) {
      if (!(await isOperator(db, userId))) throw new ApiError("forbidden", "You are not allowed to do this.");
    },

    async overview(days: number): Promise<OperatorOverview> {
      const today = gmtDayNumber(now());
      const firstDay = today - days + 1;
      const since = new Date(firstDay * DAY_MS);
      const dates = Array.from({ length: days }, (_, index) => gmtDate((firstDay + index) * DAY_MS));
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

    /** Grants or deducts points through the ledger (as `npm run admin -- points grant|deduct` does), audited. */
    adjustPoints(actor: Actor, memberId: string, adjustment: PointsAdjustment): Promise<OperatorActionResult> {
      return db.transaction(async (tx) => {
        const member = await lockedMember(tx, memberId);
        const move = { userId: member.id, amount: adjustment.amount, reason: adjustment.reason, at: now() };
        const { pts } =
          adjustment.direction === "grant" ? await grantByOperator(tx, move) : await deductByOperator(tx, move);
        const auditId = await recordAudit(
          tx,
          actor,
          {
            action: adjustment.direction === "grant" ? "points_grant" : "points_deduct",
            subject: member,
            before: { pts: member.pts },
            after: { pts },
            reason: adjustment.reason,
          },
          now(),
        );
        return afterAction(tx, member.id, auditId);
      });
    },

    /** Releases a lost wallet (as `npm run admin -- wallet unbind` does), audited. */
    unbindWallet(actor: Actor, memberId: string, kind: BoundWalletKind): Promise<OperatorActionResult> {
      return db.transaction(async (tx) => {
        const member = await lockedMember(tx, memberId);
        const { released } = await walletAdmin(tx, now).unbind(member.email, kind);
        const field = kind === "evm" ? "wallet_address" : "solana_address";
        const auditId = await recordAudit(
          tx,
          actor,
          {
            action: kind === "evm" ? "wallet_unbind" : "solana_unbind",
            subject: member,
            before: { [field]: released },
            after: { [field]: null },
          },
          now(),
        );
        return afterAction(tx, member.id, auditId);
      });
    },

    /** Puts the member's e-mail on the mint allowlist (as `npm run admin -- allowlist add` does), audited. */
    addToAllowlist(actor: Actor, memberId: string): Promise<OperatorActionResult> {
      return db.transaction(async (tx) => {
        const member = await lockedMember(tx, memberId);
        const before = await isOnAllowlist(tx, member.email, member.walletAddress);
        await allowlistAdmin(tx).add(member.email);
        const auditId = await recordAudit(
          tx,
          actor,
          {
            action: "allowlist_add",
            subject: member,
            before: { on_allowlist: before },
            after: { on_allowlist: true },
          },
          now(),
        );
        return afterAction(tx, member.id, auditId);
      });
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
          // Behind by more than the confirmations it waits for: how old the newest indexed block was then.
          const lagSeconds =
            lagBlocks === null || !status?.indexedTime
              ? null
              : lagBlocks <= chain.confirmations
                ? 0
                : Math.max(0, Math.round((status.updatedAt.getTime() - status.indexedTime.getTime()) / 1000));
          const silentFor = status ? (at.getTime() - status.updatedAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
          return {
            chain_id: chain.id,
            name: chain.key,
            head_block: status?.headBlock ?? null,
            indexed_block: status?.indexedBlock ?? null,
            lag_blocks: lagBlocks,
            lag_seconds: lagSeconds,
            last_error: status?.lastError ?? null,
            last_error_at: status?.lastErrorAt?.toISOString() ?? null,
            leader: status?.leader ?? null,
            reported_at: status?.updatedAt.toISOString() ?? null,
            lagging: lagSeconds === null || lagSeconds > threshold || silentFor > threshold,
          };
        }),
      };
    },
  };
}
