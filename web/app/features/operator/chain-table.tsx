import type { ChainStatuses } from "@arcana/protocol";
import { Badge } from "../../ui/badge";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const orDash = (value: number | string | null) => (value === null ? "–" : String(value));

/** The indexer per chain: red when it lags past the threshold or has stopped reporting. */
export function ChainTable({ statuses }: { statuses: ChainStatuses }) {
  if (statuses.chains.length === 0) return <p>No chain has contracts configured.</p>;
  return (
    <TableRegion className={styles.tableWrap} label="The indexer per chain">
      <table className={styles.table}>
        <caption className="visually-hidden">The indexer per chain</caption>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">State</th>
            <th scope="col" className={styles.number}>
              Head block
            </th>
            <th scope="col" className={styles.number}>
              Indexed block
            </th>
            <th scope="col" className={styles.number}>
              Lag (blocks)
            </th>
            <th scope="col" className={styles.number}>
              Lag (s)
            </th>
            <th scope="col">Leader</th>
            <th scope="col">Last report</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {statuses.chains.map((chain) => (
            <tr key={chain.chain_id}>
              <th scope="row">
                {chain.name} ({chain.chain_id})
              </th>
              <td>{chain.lagging ? <Badge tone="danger">Lagging</Badge> : <Badge tone="success">Keeping up</Badge>}</td>
              <td className={styles.number}>{orDash(chain.head_block)}</td>
              <td className={styles.number}>{orDash(chain.indexed_block)}</td>
              <td className={styles.number}>{orDash(chain.lag_blocks)}</td>
              <td className={`${styles.number} ${chain.lagging ? styles.warning : ""}`}>{orDash(chain.lag_seconds)}</td>
              <td className={styles.mono}>{orDash(chain.leader)}</td>
              <td>{orDash(chain.reported_at)}</td>
              <td>{chain.last_error ? `${chain.last_error} (${chain.last_error_at})` : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
