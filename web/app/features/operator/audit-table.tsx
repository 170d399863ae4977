import type { AuditEntry } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { DataTable } from "../../ui/data-table";
import styles from "./operator.module.css";

const describe = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

/**
 * The audit log, newest first: who did what to whom, the state before and after, and why. The actor (an e-mail or
 * `cli`), the action id, the subject and the JSON states are data, not language: their cells say `translate="no"` so
 * a browser translator leaves them as they are (and the e2e language sweep does not judge them); the reason is the
 * operator's own words.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  if (entries.length === 0) return <p>{t("operator.audit.none")}</p>;
  return (
    <DataTable
      className={styles.table}
      wrapClassName={styles.tableWrap}
      label={t("operator.audit.caption")}
      captioned
      columns={[
        { label: t("operator.column.whenUtc") },
        { label: t("operator.audit.who") },
        { label: t("operator.audit.action") },
        { label: t("operator.audit.member") },
        { label: t("operator.audit.before") },
        { label: t("operator.audit.after") },
        { label: t("operator.column.reason") },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>{entry.created_at.replace("T", " ").slice(0, 19)}</td>
          <td translate="no">{entry.actor}</td>
          <td translate="no">{entry.action}</td>
          <td translate="no">{entry.subject ?? "–"}</td>
          <td translate="no" className={styles.mono}>
            {describe(entry.before)}
          </td>
          <td translate="no" className={styles.mono}>
            {describe(entry.after)}
          </td>
          <td>{entry.reason ?? "–"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
