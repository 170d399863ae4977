import type { AuditEntry } from "@arcana/protocol";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const describe = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

/** The audit log, newest first: who did what to whom, the state before and after, and why. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p>No operator action yet.</p>;
  return (
    <TableRegion className={styles.tableWrap} label="Operator actions, newest first">
      <table className={styles.table}>
        <caption className="visually-hidden">Operator actions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Member</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.created_at.replace("T", " ").slice(0, 19)}</td>
              <td>{entry.actor}</td>
              <td>{entry.action}</td>
              <td>{entry.subject ?? "–"}</td>
              <td className={styles.mono}>{describe(entry.before)}</td>
              <td className={styles.mono}>{describe(entry.after)}</td>
              <td>{entry.reason ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
