import type { MemberSummary } from "@arcana/protocol";
import { Form, Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { Button } from "../../ui/button";
import { DataTable } from "../../ui/data-table";
import { Input } from "../../ui/input";
import styles from "./operator.module.css";

/** Search by e-mail, EVM wallet or Solana address; a plain GET form, so it works before hydration. */
export function MemberSearch({ query, results }: { query: string; results: MemberSummary[] | null }) {
  const t = useT();
  return (
    <>
      <Form method="get" role="search" className={styles.row}>
        <Input
          label={t("operator.members.searchLabel")}
          name="q"
          defaultValue={query}
          minLength={2}
          maxLength={200}
          required
          autoComplete="off"
        />
        <Button type="submit">{t("operator.members.search")}</Button>
      </Form>
      {results !== null &&
        (results.length === 0 ? (
          <p>{t("operator.members.noMatch", { query })}</p>
        ) : (
          <DataTable
            className={styles.table}
            wrapClassName={styles.tableWrap}
            label={t("operator.members.matching", { query })}
            captioned
            columns={[
              { label: t("operator.members.email") },
              { label: t("operator.column.points"), numeric: true },
              { label: t("operator.members.wallet") },
              { label: t("operator.member.joined") },
            ]}
          >
            {results.map((member) => (
              <tr key={member.uid}>
                <th scope="row">
                  <Link to={`/operator/members/${member.uid}`} translate="no">
                    {member.email}
                  </Link>
                </th>
                <td className={styles.number}>{member.pts}</td>
                <td className={styles.mono} translate="no">
                  {member.wallet_address ?? member.solana_address ?? "–"}
                </td>
                <td>{member.created_at.slice(0, 10)}</td>
              </tr>
            ))}
          </DataTable>
        ))}
    </>
  );
}
