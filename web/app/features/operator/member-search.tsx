import type { MemberSummary } from "@arcana/protocol";
import { Form, Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { TableRegion } from "../../ui/table-region";
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
          <TableRegion className={styles.tableWrap} label={t("operator.members.matching", { query })}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t("operator.members.matching", { query })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("operator.members.email")}</th>
                  <th scope="col" className={styles.number}>
                    {t("operator.column.points")}
                  </th>
                  <th scope="col">{t("operator.members.wallet")}</th>
                  <th scope="col">{t("operator.member.joined")}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((member) => (
                  <tr key={member.uid}>
                    <th scope="row">
                      <Link to={`/operator/members/${member.uid}`}>{member.email}</Link>
                    </th>
                    <td className={styles.number}>{member.pts}</td>
                    <td className={styles.mono}>{member.wallet_address ?? member.solana_address ?? "–"}</td>
                    <td>{member.created_at.slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ))}
    </>
  );
}
