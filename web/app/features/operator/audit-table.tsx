import type { AuditEntry } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const describe = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));

/** The audit log, newest first: who did what to whom, the state before and after, and why. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  if (entries.length === 0) return <p>{t("operator.audit.none")}</p>;
  return (
    <TableRegion className={styles.tableWrap} label={t("operator.audit.caption")}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t("operator.audit.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("operator.column.whenUtc")}</th>
            <th scope="col">{t("operator.audit.who")}</th>
            <th scope="col">{t("operator.audit.action")}</th>
            <th scope="col">{t("operator.audit.member")}</th>
            <th scope="col">{t("operator.audit.before")}</th>
            <th scope="col">{t("operator.audit.after")}</th>
            <th scope="col">{t("operator.column.reason")}</th>
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
