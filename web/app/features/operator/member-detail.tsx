import type { OperatorLedgerPage, OperatorMember } from "@arcana/protocol";
import { listOperatorMemberLedgerRoute } from "@arcana/protocol/calls";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { DataTable } from "../../ui/data-table";
import { FormAlert } from "../../ui/form-alert";
import { entryLabel } from "../points-history/points-format";
import { MemberActions } from "./member-actions";
import styles from "./operator.module.css";

/** A member as operators see them: balance, wallets, passes, the ledger with reasons, and the actions. */
export function MemberDetail({ detail, ledger }: { detail: OperatorMember; ledger: OperatorLedgerPage }) {
  const t = useT();
  const { member } = detail;
  // "+12,345" / "−250", grouped as the console's language writes numbers.
  const signedAmount = new Intl.NumberFormat(t.language ?? "en", { signDisplay: "exceptZero" });
  const [pages, setPages] = useState<OperatorLedgerPage[]>([ledger]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After an action the loader runs again: start from its fresh first page.
  useEffect(() => setPages([ledger]), [ledger]);
  const next = pages.at(-1)?.next_cursor ?? null;

  async function loadOlder() {
    if (!next) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api(listOperatorMemberLedgerRoute, { params: { id: member.uid }, query: { cursor: next } });
      setPages((current) => [...current, page]);
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setLoading(false);
    }
  }

  // `name` stays English: the e2e tests find each fact by it, in every language.
  const facts: Array<{ name: string; label: string; value: string; wide?: true }> = [
    { name: "Points", label: t("operator.column.points"), value: member.pts.toLocaleString(t.language) },
    {
      name: "EVM wallet",
      label: t("operator.member.evmWallet"),
      value: member.wallet_address ?? t("operator.member.none"),
      wide: true,
    },
    {
      name: "Solana address",
      label: t("operator.member.solanaAddress"),
      value: member.solana_address ?? t("operator.member.none"),
      wide: true,
    },
    {
      name: "Mint allowlist",
      label: t("operator.member.allowlist"),
      value: t(detail.on_allowlist ? "operator.member.yes" : "operator.member.no"),
    },
    { name: "Joined", label: t("operator.member.joined"), value: member.created_at.slice(0, 10) },
  ];
  return (
    <>
      <dl className={styles.tiles} aria-label={t("operator.member.facts")}>
        {facts.map(({ name, label, value, wide }) => (
          <div key={name} className={wide ? `${styles.tile} ${styles.wide}` : styles.tile}>
            <dt>{label}</dt>
            <dd className={name === "Points" ? undefined : styles.mono} data-testid={`member-${name}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <MemberActions detail={detail} />
      <Card aria-labelledby="member-passes">
        <CardTitle id="member-passes">{t("operator.member.passes")}</CardTitle>
        {detail.passes.length === 0 ? (
          <p>{t("operator.member.noPass")}</p>
        ) : (
          <ul>
            {detail.passes.map((pass) => (
              <li key={`${pass.chain_id}-${pass.token_id}`}>
                {t(pass.staked ? "operator.member.passStaked" : "operator.member.passNotStaked", {
                  token: pass.token_id,
                  chain: pass.chain_id,
                  minted: pass.minted_at.slice(0, 10),
                })}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="member-ledger">
        <CardTitle id="member-ledger">{t("operator.member.ledger")}</CardTitle>
        <DataTable
          className={styles.table}
          wrapClassName={styles.tableWrap}
          label={t("operator.member.ledgerCaption")}
          captioned
          columns={[
            { label: t("operator.column.whenUtc") },
            { label: t("operator.member.what") },
            { label: t("operator.column.points"), numeric: true },
            { label: t("operator.column.reason") },
          ]}
        >
          {pages
            .flatMap((page) => page.items)
            .map((entry) => (
              <tr key={entry.id}>
                <td>{entry.created_at.replace("T", " ").slice(0, 19)}</td>
                <td>{entryLabel(entry, t)}</td>
                <td className={styles.number}>{signedAmount.format(entry.amount)}</td>
                <td>{entry.reason ?? "–"}</td>
              </tr>
            ))}
        </DataTable>
        {pages[0]?.items.length === 0 && <p>{t("operator.member.noMovements")}</p>}
        {next && (
          <Button variant="secondary" loading={loading} onClick={loadOlder}>
            {t("operator.olderEntries")}
          </Button>
        )}
        {error && <FormAlert>{error}</FormAlert>}
      </Card>
    </>
  );
}
