import type { DailySeries, OperatorOverview } from "@arcana/protocol";
import { operatorWindows } from "@arcana/protocol";
import { Link } from "react-router";
import { type MessageId, type Translate, useT } from "../../i18n/use-t";
import { Card } from "../../ui/card";
import { DailyChart } from "./daily-chart";
import { ExportsCard } from "./exports-card";
import styles from "./operator.module.css";

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** The series the server names (its ledger kinds and daily counts), in the page's language. */
const seriesNames: Record<string, MessageId> = {
  new_members: "operator.series.new_members",
  active_members: "operator.series.active_members",
  check_ins: "operator.series.check_ins",
  spent: "operator.series.spent",
  grant: "operator.series.grant",
  check_in: "operator.series.check_in",
  tarot: "operator.series.tarot",
  staking: "operator.series.staking",
  box_reward: "operator.series.box_reward",
  referral: "operator.series.referral",
  referral_invitee: "operator.series.referral_invitee",
  kol: "operator.series.kol",
  task: "operator.series.task",
};

/** A series under its name in the page's language; a kind the catalogs do not know keeps the server's label. */
const named = (t: Translate, series: DailySeries): DailySeries => {
  const id = seriesNames[series.key];
  return id ? { ...series, label: t(id) } : series;
};

/** The economy at a glance: totals, then a chart (with its table) per question. */
export function Overview({ overview }: { overview: OperatorOverview }) {
  const t = useT();
  const number = new Intl.NumberFormat(t.language);
  const issued = total(overview.points_issued.flatMap((series) => series.values));
  const spent = total(overview.points_spent.values);
  const days = overview.days;
  const tiles = [
    [t("operator.overview.members"), overview.members_total],
    [t("operator.overview.circulating"), overview.circulating_points],
    [t("operator.overview.issued", { days }), issued],
    [t("operator.overview.spent", { days }), spent],
    [t("operator.overview.minted"), overview.passes_minted],
    [t("operator.overview.staked"), overview.passes_staked],
  ] as const;
  return (
    <>
      <div className={styles.row}>
        <p className={styles.muted}>
          {t("operator.overview.range", { from: overview.dates[0] ?? "", to: overview.dates.at(-1) ?? "" })}
        </p>
        <nav aria-label={t("operator.overview.window")} className={styles.nav}>
          {operatorWindows.map((window) => (
            <Link
              key={window}
              to={`?days=${window}`}
              className={styles.navLink}
              aria-current={window === days ? "page" : undefined}
            >
              {t("operator.overview.days", { days: window })}
            </Link>
          ))}
        </nav>
      </div>
      <dl className={styles.tiles}>
        {tiles.map(([label, value]) => (
          <div key={label} className={styles.tile}>
            <dt>{label}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.grid}>
        <Card>
          <DailyChart
            title={t("operator.overview.issuedByKind")}
            dates={overview.dates}
            series={overview.points_issued.map((series) => named(t, series))}
          />
        </Card>
        <Card>
          <DailyChart
            title={t("operator.overview.issuedAgainstSpent")}
            dates={overview.dates}
            series={[
              {
                key: "issued",
                label: t("operator.overview.issuedSeries"),
                values: overview.dates.map((_, index) =>
                  total(overview.points_issued.map((series) => series.values[index] ?? 0)),
                ),
              },
              named(t, overview.points_spent),
            ]}
          />
        </Card>
        <Card>
          <DailyChart
            title={t("operator.overview.newAndActive")}
            dates={overview.dates}
            series={[named(t, overview.new_members), named(t, overview.active_members)]}
          />
        </Card>
        <Card>
          <DailyChart
            title={t("operator.overview.checkIns")}
            dates={overview.dates}
            series={[named(t, overview.check_ins)]}
          />
        </Card>
      </div>
      <ExportsCard from={overview.dates[0] ?? ""} to={overview.dates.at(-1) ?? ""} />
    </>
  );
}
