import type { InviteCodeStats, OperatorInvites } from "@arcana/protocol";
import { useT } from "../../i18n/use-t";
import { Badge } from "../../ui/badge";
import { Card, CardTitle } from "../../ui/card";
import { DataTable } from "../../ui/data-table";
import { EmptyState } from "../../ui/empty-state";
import styles from "./operator.module.css";

const share = (count: number, of: number) => (of === 0 ? "–" : `${Math.round((count / of) * 100)}%`);

/** Used → bound a wallet → qualified → claimed: each step's count, its share of the uses, and a bar. */
function Funnel({ funnel }: { funnel: OperatorInvites["funnel"] }) {
  const t = useT();
  const steps = [
    { label: t("operator.invites.usedCode"), count: funnel.used },
    { label: t("operator.invites.boundWallet"), count: funnel.bound_wallet },
    { label: t("operator.invites.qualified"), count: funnel.qualified },
    { label: t("operator.invites.claimed"), count: funnel.claimed },
  ];
  return (
    <ol className={styles.funnel}>
      {steps.map((step) => (
        <li key={step.label} className={styles.funnelStep}>
          <span>{step.label}</span>
          <span className={styles.funnelCount}>
            {step.count} <span className={styles.muted}>({share(step.count, funnel.used)})</span>
          </span>
          <span className={styles.funnelTrack} aria-hidden="true">
            <span
              className={styles.funnelBar}
              style={{ width: funnel.used === 0 ? "0%" : `${(step.count / funnel.used) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}

function Reasons({ code }: { code: InviteCodeStats }) {
  if (code.refused_reasons.length === 0) return <>–</>;
  return (
    <ul className={styles.reasons}>
      {code.refused_reasons.map((entry) => (
        <li key={entry.reason}>
          {entry.count} × {entry.reason}
        </li>
      ))}
    </ul>
  );
}

/** The invite funnel, then every KOL code and the most used member codes with their outcomes. */
export function InvitesReport({ invites }: { invites: OperatorInvites }) {
  const t = useT();
  if (invites.funnel.used === 0 && invites.codes.length === 0) {
    return (
      <EmptyState sigil="key" title={t("operator.invites.noneTitle")}>
        <p>{t("operator.invites.noneBody")}</p>
      </EmptyState>
    );
  }
  return (
    <div className={styles.grid}>
      <Card aria-labelledby="invite-funnel" className={styles.wide}>
        <CardTitle id="invite-funnel">{t("operator.invites.funnel")}</CardTitle>
        {invites.funnel.used === 0 ? <p>{t("operator.invites.noneTitle")}</p> : <Funnel funnel={invites.funnel} />}
      </Card>
      <Card aria-labelledby="invite-codes" className={styles.wide}>
        <CardTitle id="invite-codes">{t("operator.invites.codes")}</CardTitle>
        <p className={styles.muted}>{t("operator.invites.codesLead", { limit: invites.code_limit })}</p>
        <DataTable
          className={styles.table}
          wrapClassName={styles.tableWrap}
          label={t("operator.invites.caption")}
          captioned
          columns={[
            { label: t("operator.invites.code") },
            { label: t("operator.invites.owner") },
            { label: t("operator.invites.uses"), numeric: true },
            { label: t("operator.invites.qualified"), numeric: true },
            { label: t("operator.invites.pending"), numeric: true },
            { label: t("operator.invites.refused"), numeric: true },
            { label: t("operator.invites.reasons") },
            { label: t("operator.invites.pointsPaid"), numeric: true },
          ]}
        >
          {invites.codes.map((code) => (
            <tr key={code.code}>
              <th scope="row">
                <span className={styles.mono} translate="no">
                  {code.code}
                </span>{" "}
                {code.kind === "kol" ? <Badge tone="gold">{t("operator.invites.kol")}</Badge> : null}
                {code.disabled ? <Badge tone="danger">{t("operator.invites.disabled")}</Badge> : null}
              </th>
              <td translate="no">{code.owner_email}</td>
              <td className={styles.number}>{code.uses}</td>
              <td className={styles.number}>{code.qualified}</td>
              <td className={styles.number}>{code.pending}</td>
              <td className={`${styles.number} ${code.refused > 0 ? styles.warning : ""}`}>{code.refused}</td>
              <td>
                <Reasons code={code} />
              </td>
              <td className={styles.number}>{code.points_paid}</td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </div>
  );
}
