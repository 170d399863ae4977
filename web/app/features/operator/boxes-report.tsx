import type { OperatorBoxes } from "@arcana/protocol";
import { formatPValue } from "../../i18n/intl";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Card, CardTitle } from "../../ui/card";
import { DataTable } from "../../ui/data-table";
import { rewardLabel } from "../loot-box/loot-box-display";
import styles from "./operator.module.css";

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/** Per box: sales and supply, then each odds version's stated against observed shares. */
export function BoxesReport({ boxes }: { boxes: OperatorBoxes }) {
  const t = useT();
  if (boxes.length === 0) return <p>{t("operator.boxes.none")}</p>;
  const boxNames = new Map(boxes.map((box) => [box.box_id, box.name]));
  return (
    <div className={styles.grid}>
      {boxes.map((box) => (
        <Card key={box.box_id} aria-labelledby={`box-${box.box_id}`}>
          <CardTitle id={`box-${box.box_id}`}>{box.name}</CardTitle>
          <p>
            {t("operator.boxes.sales", { price: box.price, sold: box.sold })} ·{" "}
            {box.supply === null
              ? t("operator.boxes.unlimited")
              : t("operator.boxes.left", { left: box.supply_left ?? 0, supply: box.supply })}
          </p>
          {box.versions.map((version) => (
            <section
              key={version.odds_version}
              aria-label={t("operator.boxes.versionLabel", { box: box.name, version: version.odds_version })}
            >
              <p>
                {t("operator.boxes.openings", {
                  version: version.odds_version,
                  openings: version.openings,
                  days: box.window_days,
                })}{" "}
                ·{" "}
                {t("operator.boxes.statistics", {
                  chiSquare: version.chi_square === null ? "–" : version.chi_square.toFixed(2),
                  df: version.degrees_of_freedom,
                  p: version.p_value === null ? "–" : formatPValue(version.p_value),
                })}{" "}
                {version.drifting ? (
                  <Badge tone="danger">{t("operator.boxes.drifting")}</Badge>
                ) : version.p_value !== null ? (
                  <Badge tone="success">{t("operator.boxes.withinChance")}</Badge>
                ) : null}
              </p>
              {version.drifting && (
                <p className={styles.warning} role="status">
                  {t("operator.boxes.driftWarning")}
                </p>
              )}
              <DataTable
                className={styles.table}
                wrapClassName={styles.tableWrap}
                label={t("operator.boxes.oddsTable", { box: box.name, version: version.odds_version })}
                columns={[
                  { label: t("operator.boxes.reward") },
                  { label: t("operator.boxes.stated"), numeric: true },
                  { label: t("operator.boxes.observed"), numeric: true },
                  { label: t("operator.boxes.count"), numeric: true },
                  { label: t("operator.boxes.expected"), numeric: true },
                ]}
              >
                {version.rewards.map((reward) => (
                  <tr key={JSON.stringify(reward.reward)}>
                    <th scope="row">{rewardLabel(reward.reward, boxNames, t)}</th>
                    <td className={styles.number}>{percent(reward.stated)}</td>
                    <td className={styles.number}>{percent(reward.observed)}</td>
                    <td className={styles.number}>{reward.count}</td>
                    <td className={styles.number}>{reward.expected.toFixed(1)}</td>
                  </tr>
                ))}
              </DataTable>
            </section>
          ))}
        </Card>
      ))}
    </div>
  );
}
