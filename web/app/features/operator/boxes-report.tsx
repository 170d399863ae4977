import type { OperatorBoxes } from "@arcana/protocol";
import { Badge } from "../../ui/badge";
import { Card, CardTitle } from "../../ui/card";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

function pValue(value: number | null) {
  if (value === null) return "–";
  return value < 0.0001 ? "< 0.0001" : value.toFixed(4);
}

/** Per box: sales and supply, then each odds version's stated against observed shares. */
export function BoxesReport({ boxes }: { boxes: OperatorBoxes }) {
  if (boxes.length === 0) return <p>No boxes are defined in the economy file.</p>;
  return (
    <div className={styles.grid}>
      {boxes.map((box) => (
        <Card key={box.box_id} aria-labelledby={`box-${box.box_id}`}>
          <CardTitle id={`box-${box.box_id}`}>{box.name}</CardTitle>
          <p>
            {box.price} points · sold {box.sold} ·{" "}
            {box.supply === null ? "unlimited supply" : `${box.supply_left} of ${box.supply} left`}
          </p>
          {box.versions.map((version) => (
            <section key={version.odds_version} aria-label={`${box.name} odds version ${version.odds_version}`}>
              <p>
                Odds v{version.odds_version}: {version.openings} openings in the last {box.window_days} days · χ²{" "}
                {version.chi_square === null ? "–" : version.chi_square.toFixed(2)} (df {version.degrees_of_freedom}) ·
                p = {pValue(version.p_value)}{" "}
                {version.drifting ? (
                  <Badge tone="danger">Drifts beyond chance</Badge>
                ) : version.p_value !== null ? (
                  <Badge tone="success">Within chance</Badge>
                ) : null}
              </p>
              {version.drifting && (
                <p className={styles.warning} role="status">
                  The observed shares are further from the stated odds than chance explains (p &lt; 0.001): check the
                  economy file and the draw.
                </p>
              )}
              <TableRegion
                className={styles.tableWrap}
                label={`${box.name}: stated and observed odds, version ${version.odds_version}`}
              >
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Reward</th>
                      <th scope="col" className={styles.number}>
                        Stated
                      </th>
                      <th scope="col" className={styles.number}>
                        Observed
                      </th>
                      <th scope="col" className={styles.number}>
                        Count
                      </th>
                      <th scope="col" className={styles.number}>
                        Expected
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {version.rewards.map((reward) => (
                      <tr key={reward.label}>
                        <th scope="row">{reward.label}</th>
                        <td className={styles.number}>{percent(reward.stated)}</td>
                        <td className={styles.number}>{percent(reward.observed)}</td>
                        <td className={styles.number}>{reward.count}</td>
                        <td className={styles.number}>{reward.expected.toFixed(1)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            </section>
          ))}
        </Card>
      ))}
    </div>
  );
}
