import type { OperatorSponsorship } from "@arcana/protocol";
import { and, count, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import { formatEther, parseEther } from "viem";
import type { DatabaseOrTransaction } from "../../db/client.js";
import { openRelayStates } from "./relay-states.js";
import type { SponsoredChain, SponsoredChains } from "./relayer/chain-state.js";
import { relayerTransactions, sponsoredRelays, sponsorshipDays } from "./schema.js";

export interface RelayerDay {
  day: number;
  relays: number;
  confirmed: number;
  failed: number;
  spentWei: bigint;
}

export interface RelayerReport {
  chainId: number;
  chainKey: string;
  /** The native token's symbol (balances and budgets are in it). */
  symbol: string;
  relayer: string;
  /** Null when the chain did not answer. */
  balanceWei: bigint | null;
  lowBalanceWei: bigint;
  budgetWei: bigint;
  spentTodayWei: bigint;
  reservedTodayWei: bigint;
  /** Relays accepted and not yet mined. */
  queueDepth: number;
  /** Of those, waiting for more than a minute. */
  waitingOverMinute: number;
  confirmed: number;
  failed: number;
  /** Transactions replaced by a fee-bumped one (cumulative). */
  replaced: number;
  /** Sponsored relays per GMT day, oldest first. */
  days: RelayerDay[];
}

/** Per sponsored chain: the relayer, its balance, today's spend against the budget, the queue and the outcomes. */
export async function relayerReports(
  db: DatabaseOrTransaction,
  chains: Array<{ target: SponsoredChain; balance: bigint | null }>,
  options: { now: Date; days: number },
): Promise<RelayerReport[]> {
  const today = Math.floor(options.now.getTime() / 86_400_000);
  const minuteAgo = new Date(options.now.getTime() - 60_000);
  const reports: RelayerReport[] = [];
  for (const { target, balance } of chains) {
    const chainId = target.chain.id;
    const [budgetDay] = await db
      .select()
      .from(sponsorshipDays)
      .where(and(eq(sponsorshipDays.chainId, chainId), eq(sponsorshipDays.day, today)));
    const [open] = await db
      .select({
        depth: count(),
        waiting:
          sql<number>`count(*) filter (where ${sponsoredRelays.createdAt} < ${minuteAgo.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(sponsoredRelays)
      .where(and(eq(sponsoredRelays.chainId, chainId), inArray(sponsoredRelays.state, openRelayStates)));
    const outcomes = await db
      .select({ state: sponsoredRelays.state, relays: count() })
      .from(sponsoredRelays)
      .where(and(eq(sponsoredRelays.chainId, chainId), inArray(sponsoredRelays.state, ["confirmed", "failed"])))
      .groupBy(sponsoredRelays.state);
    const [replaced] = await db
      .select({ replaced: count() })
      .from(relayerTransactions)
      .where(and(eq(relayerTransactions.chainId, chainId), eq(relayerTransactions.state, "replaced")));
    const perDay = await db
      .select({
        day: sponsoredRelays.day,
        relays: count(),
        confirmed: sql<number>`count(*) filter (where ${sponsoredRelays.state} = 'confirmed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${sponsoredRelays.state} = 'failed')`.mapWith(Number),
        spent: sum(sponsoredRelays.spentWei),
      })
      .from(sponsoredRelays)
      .where(
        and(
          eq(sponsoredRelays.chainId, chainId),
          gte(sponsoredRelays.day, today - options.days + 1),
          lt(sponsoredRelays.day, today + 1),
        ),
      )
      .groupBy(sponsoredRelays.day)
      .orderBy(sponsoredRelays.day);
    const byState = new Map(outcomes.map((row) => [row.state, row.relays]));
    reports.push({
      chainId,
      chainKey: target.chain.key,
      symbol: target.chain.nativeCurrency.symbol,
      relayer: target.relayer.address,
      balanceWei: balance,
      lowBalanceWei: parseEther(target.settings.lowBalance),
      budgetWei: parseEther(target.settings.dailyBudget),
      spentTodayWei: BigInt(budgetDay?.spentWei ?? "0"),
      reservedTodayWei: BigInt(budgetDay?.reservedWei ?? "0"),
      queueDepth: open?.depth ?? 0,
      waitingOverMinute: open?.waiting ?? 0,
      confirmed: byState.get("confirmed") ?? 0,
      failed: byState.get("failed") ?? 0,
      replaced: replaced?.replaced ?? 0,
      days: perDay.map((row) => ({
        day: row.day,
        relays: row.relays,
        confirmed: row.confirmed,
        failed: row.failed,
        spentWei: BigInt(row.spent ?? "0"),
      })),
    });
  }
  return reports;
}

/** The report as `npm run admin -- relayer status` prints it. */
export function formatRelayerReport(report: RelayerReport, symbol: string): string {
  const amount = (wei: bigint | null) => (wei === null ? "unknown (RPC unreachable)" : `${formatEther(wei)} ${symbol}`);
  const low =
    report.balanceWei !== null && report.balanceWei < report.lowBalanceWei ? " — LOW: sponsorship paused" : "";
  const lines = [
    `${report.chainKey} (chain ${report.chainId}): relayer ${report.relayer}`,
    `  balance ${amount(report.balanceWei)} (pauses below ${amount(report.lowBalanceWei)})${low}`,
    `  today: spent ${amount(report.spentTodayWei)} + reserved ${amount(report.reservedTodayWei)} of ${amount(report.budgetWei)}`,
    `  queue ${report.queueDepth} (${report.waitingOverMinute} waiting over a minute); confirmed ${report.confirmed}, failed ${report.failed}, replaced transactions ${report.replaced}`,
    "  day         relays  confirmed  failed  spent",
    ...report.days.map(
      (day) =>
        `  ${new Date(day.day * 86_400_000).toISOString().slice(0, 10)}  ${String(day.relays).padStart(6)}  ${String(day.confirmed).padStart(9)}  ${String(day.failed).padStart(6)}  ${amount(day.spentWei)}`,
    ),
  ];
  return lines.join("\n");
}

/** The console's window: relays per GMT day over this many days. */
export const OPERATOR_SPONSORSHIP_DAYS = 14;

/** `GET /operator/sponsorship` and the console's page: each sponsored chain's report, amounts in its native token. */
export async function operatorSponsorship(
  db: DatabaseOrTransaction,
  chains: SponsoredChains,
  now: Date,
): Promise<OperatorSponsorship> {
  const withBalances = await Promise.all(
    chains.all().map(async (target) => ({
      target,
      balance: await chains.balance(target.chain.id).catch(() => null),
    })),
  );
  const reports = await relayerReports(db, withBalances, { now, days: OPERATOR_SPONSORSHIP_DAYS });
  const today = Math.floor(now.getTime() / 86_400_000);
  const window = Array.from({ length: OPERATOR_SPONSORSHIP_DAYS }, (_, i) => today - OPERATOR_SPONSORSHIP_DAYS + 1 + i);
  return {
    window_days: OPERATOR_SPONSORSHIP_DAYS,
    chains: reports.map((report) => {
      const byDay = new Map(report.days.map((day) => [day.day, day]));
      return {
        chain_id: report.chainId,
        chain_key: report.chainKey,
        symbol: report.symbol,
        relayer: report.relayer as `0x${string}`,
        balance: report.balanceWei === null ? null : formatEther(report.balanceWei),
        low_balance: formatEther(report.lowBalanceWei),
        budget: formatEther(report.budgetWei),
        spent_today: formatEther(report.spentTodayWei),
        reserved_today: formatEther(report.reservedTodayWei),
        queue_depth: report.queueDepth,
        waiting_over_minute: report.waitingOverMinute,
        confirmed: report.confirmed,
        failed: report.failed,
        replaced: report.replaced,
        days: window.map((day) => {
          const row = byDay.get(day);
          return {
            date: new Date(day * 86_400_000).toISOString().slice(0, 10),
            relays: row?.relays ?? 0,
            confirmed: row?.confirmed ?? 0,
            failed: row?.failed ?? 0,
            spent: formatEther(row?.spentWei ?? 0n),
          };
        }),
      };
    }),
  };
}
