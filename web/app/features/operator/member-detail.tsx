import type { OperatorLedgerPage, OperatorMember } from "@arcana/protocol";
import { listOperatorMemberLedgerRoute } from "@arcana/protocol/calls";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/use-t";
import { api, errorMessage } from "../../lib/api";
import { Button } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { FormAlert } from "../../ui/form-alert";
import { TableRegion } from "../../ui/table-region";
import { MemberActions } from "./member-actions";
import styles from "./operator.module.css";

/** A member as operators see them: balance, wallets, passes, the ledger with reasons, and the actions. */
export function MemberDetail({ detail, ledger }: { detail: OperatorMember; ledger: OperatorLedgerPage }) {
  const t = useT();
  const { member } = detail;
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

  const facts: Array<{ label: string; value: string; wide?: true }> = [
    { label: "Points", value: member.pts.toLocaleString("en-US") },
    { label: "EVM wallet", value: member.wallet_address ?? "none", wide: true },
    { label: "Solana address", value: member.solana_address ?? "none", wide: true },
    { label: "Mint allowlist", value: detail.on_allowlist ? "yes" : "no" },
    { label: "Joined", value: member.created_at.slice(0, 10) },
  ];
  return (
    <>
      <dl className={styles.tiles} aria-label="Member">
        {facts.map(({ label, value, wide }) => (
          <div key={label} className={wide ? `${styles.tile} ${styles.wide}` : styles.tile}>
            <dt>{label}</dt>
            <dd className={label === "Points" ? undefined : styles.mono} data-testid={`member-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <MemberActions detail={detail} />
      <Card aria-labelledby="member-passes">
        <CardTitle id="member-passes">Genesis Passes</CardTitle>
        {detail.passes.length === 0 ? (
          <p>No pass on the bound wallet.</p>
        ) : (
          <ul>
            {detail.passes.map((pass) => (
              <li key={`${pass.chain_id}-${pass.token_id}`}>
                #{pass.token_id} on chain {pass.chain_id}, {pass.staked ? "staked" : "not staked"}, minted{" "}
                {pass.minted_at.slice(0, 10)}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="member-ledger">
        <CardTitle id="member-ledger">Ledger</CardTitle>
        <TableRegion className={styles.tableWrap} label="Point movements, newest first">
          <table className={styles.table}>
            <caption className="visually-hidden">Point movements, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">What</th>
                <th scope="col" className={styles.number}>
                  Points
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {pages
                .flatMap((page) => page.items)
                .map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.created_at.replace("T", " ").slice(0, 19)}</td>
                    <td>{entry.label}</td>
                    <td className={styles.number}>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
                    <td>{entry.reason ?? "–"}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </TableRegion>
        {pages[0]?.items.length === 0 && <p>No point movements yet.</p>}
        {next && (
          <Button variant="secondary" loading={loading} onClick={loadOlder}>
            Older entries
          </Button>
        )}
        {error && <FormAlert>{error}</FormAlert>}
      </Card>
    </>
  );
}
