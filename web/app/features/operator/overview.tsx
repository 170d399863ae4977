import type { OperatorOverview } from "@arcana/protocol";
import { operatorWindows } from "@arcana/protocol";
import { Link } from "react-router";
import { Card } from "../../ui/card";
import { DailyChart } from "./daily-chart";
import { ExportsCard } from "./exports-card";
import styles from "./operator.module.css";

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
const number = (value: number) => value.toLocaleString("en-US");

/** The economy at a glance: totals, then a chart (with its table) per question. */
export function Overview({ overview }: { overview: OperatorOverview }) {
  const issued = total(overview.points_issued.flatMap((series) => series.values));
  const spent = total(overview.points_spent.values);
  const tiles = [
    ["Members", overview.members_total],
    ["Points in circulation", overview.circulating_points],
    [`Points issued (${overview.days} days)`, issued],
    [`Points spent (${overview.days} days)`, spent],
    ["Passes minted", overview.passes_minted],
    ["Passes staked", overview.passes_staked],
  ] as const;
  return (
    <>
      <div className={styles.row}>
        <p className={styles.muted}>
          GMT days {overview.dates[0]} to {overview.dates.at(-1)}.
        </p>
        <nav aria-label="Window" className={styles.nav}>
          {operatorWindows.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              className={styles.navLink}
              aria-current={days === overview.days ? "page" : undefined}
            >
              {days} days
            </Link>
          ))}
        </nav>
      </div>
      <dl className={styles.tiles}>
        {tiles.map(([label, value]) => (
          <div key={label} className={styles.tile}>
            <dt>{label}</dt>
            <dd>{number(value)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.grid}>
        <Card>
          <DailyChart title="Points issued per day, by kind" dates={overview.dates} series={overview.points_issued} />
        </Card>
        <Card>
          <DailyChart
            title="Points issued against spent"
            dates={overview.dates}
            series={[
              {
                key: "issued",
                label: "Issued",
                values: overview.dates.map((_, index) =>
                  total(overview.points_issued.map((series) => series.values[index] ?? 0)),
                ),
              },
              overview.points_spent,
            ]}
          />
        </Card>
        <Card>
          <DailyChart
            title="New and active members"
            dates={overview.dates}
            series={[overview.new_members, overview.active_members]}
          />
        </Card>
        <Card>
          <DailyChart title="Check-ins per day" dates={overview.dates} series={[overview.check_ins]} />
        </Card>
      </div>
      <ExportsCard from={overview.dates[0] ?? ""} to={overview.dates.at(-1) ?? ""} />
    </>
  );
}
