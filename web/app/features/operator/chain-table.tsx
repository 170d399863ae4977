import type { ChainStatuses } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const orDash = (value: number | string | null) => (value === null ? "–" : String(value));

/** The indexer per chain: red when it lags past the threshold or has stopped reporting. */
export function ChainTable({ statuses }: { statuses: ChainStatuses }) {
  const t = useT();
  if (statuses.chains.length === 0) return <p>{t("operator.chains.none")}</p>;
  return (
    <TableRegion className={styles.tableWrap} label={t("operator.chains.caption")}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t("operator.chains.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("operator.chains.chain")}</th>
            <th scope="col">{t("operator.chains.state")}</th>
            <th scope="col" className={styles.number}>
              {t("operator.chains.headBlock")}
            </th>
            <th scope="col" className={styles.number}>
              {t("operator.chains.indexedBlock")}
            </th>
            <th scope="col" className={styles.number}>
              {t("operator.chains.lagBlocks")}
            </th>
            <th scope="col" className={styles.number}>
              {t("operator.chains.lagSeconds")}
            </th>
            <th scope="col">{t("operator.chains.leader")}</th>
            <th scope="col">{t("operator.chains.lastReport")}</th>
            <th scope="col">{t("operator.chains.lastError")}</th>
          </tr>
        </thead>
        <tbody>
          {statuses.chains.map((chain) => (
            <tr key={chain.chain_id}>
              <th scope="row">
                {chain.name} ({chain.chain_id})
              </th>
              <td>
                {chain.lagging ? (
                  <Badge tone="danger">{t("operator.chains.lagging")}</Badge>
                ) : (
                  <Badge tone="success">{t("operator.chains.keepingUp")}</Badge>
                )}
              </td>
              <td className={styles.number}>{orDash(chain.head_block)}</td>
              <td className={styles.number}>{orDash(chain.indexed_block)}</td>
              <td className={styles.number}>{orDash(chain.lag_blocks)}</td>
              <td className={`${styles.number} ${chain.lagging ? styles.warning : ""}`}>{orDash(chain.lag_seconds)}</td>
              <td className={styles.mono}>{orDash(chain.leader)}</td>
              <td>{orDash(chain.reported_at)}</td>
              <td className={chain.error_current ? styles.warning : ""}>
                {chain.last_error
                  ? t(chain.error_current ? "operator.chains.errorCurrent" : "operator.chains.errorResolved", {
                      error: chain.last_error,
                      at: chain.last_error_at ?? "–",
                    })
                  : "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
