import { type DailySeries, gmtDayNumber, lastGmtDays, type OperatorOverview } from "@arcana/protocol";
import { checkInsPerDay } from "../daily/api.js";
import { dailyLedgerFigures, ledgerLabel } from "../ledger/api.js";
import { passTotals } from "../passes/api.js";
import { memberTotals, newMembersPerDay } from "../users/api.js";
import type { OperatorReportsDeps } from "./report-context.js";

/** The order the overview stacks issued points in; kinds it does not know come after, by name. */
const issuedKindOrder = ["check_in", "tarot", "staking", "referral", "task", "box_reward", "grant"];

/** The console's overview: members, points issued and spent, check-ins, over the last `days` GMT days. */
export async function economyOverview({ db, now }: OperatorReportsDeps, days: number): Promise<OperatorOverview> {
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
}
