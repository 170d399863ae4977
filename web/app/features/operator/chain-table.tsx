import type { ChainStatuses } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { DataTable } from "../../ui/data-table";
import styles from "./operator.module.css";

const orDash = (value: number | string | null) => (value === null ? "–" : String(value));

/** The indexer per chain: red when it lags past the threshold or has stopped reporting. */
export function ChainTable({ statuses }: { statuses: ChainStatuses }) {
  const t = useT();
  if (statuses.chains.length === 0) return <p>{t("operator.chains.none")}</p>;
  return (
    <DataTable
      className={styles.table}
      wrapClassName={styles.tableWrap}
      label={t("operator.chains.caption")}
      captioned
      columns={[
        { label: t("operator.chains.chain") },
        { label: t("operator.chains.state") },
        { label: t("operator.chains.headBlock"), numeric: true },
        { label: t("operator.chains.indexedBlock"), numeric: true },
        { label: t("operator.chains.lagBlocks"), numeric: true },
        { label: t("operator.chains.lagSeconds"), numeric: true },
        { label: t("operator.chains.leader") },
        { label: t("operator.chains.lastReport") },
        { label: t("operator.chains.lastError") },
      ]}
    >
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
    </DataTable>
  );
}
