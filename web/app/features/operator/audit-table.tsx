import type { AuditEntry } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { DataTable } from "../../ui/data-table";
import styles from "./operator.module.css";

const describe = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

/** The audit log, newest first: who did what to whom, the state before and after, and why. */
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
          <td>{entry.actor}</td>
          <td>{entry.action}</td>
          <td>{entry.subject ?? "–"}</td>
          <td className={styles.mono}>{describe(entry.before)}</td>
          <td className={styles.mono}>{describe(entry.after)}</td>
          <td>{entry.reason ?? "–"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
