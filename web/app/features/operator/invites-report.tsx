import type { InviteCodeStats, OperatorInvites } from "@arcana/protocol";
import { Badge } from "../../ui/badge";
import { Card, CardTitle } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { TableRegion } from "../../ui/table-region";
import styles from "./operator.module.css";

const share = (count: number, of: number) => (of === 0 ? "–" : `${Math.round((count / of) * 100)}%`);

/** Used → bound a wallet → qualified → claimed: each step's count, its share of the uses, and a bar. */
function Funnel({ funnel }: { funnel: OperatorInvites["funnel"] }) {
  const steps = [
    { label: "Used a code", count: funnel.used },
    { label: "Bound a wallet", count: funnel.bound_wallet },
    { label: "Qualified", count: funnel.qualified },
    { label: "Claimed by the inviter", count: funnel.claimed },
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
  if (invites.funnel.used === 0 && invites.codes.length === 0) {
    return (
      <EmptyState sigil="key" title="Nobody has used an invite code yet">
        <p>Uses, qualified invites and refusals show here once a member joins with someone's code.</p>
      </EmptyState>
    );
  }
  return (
    <div className={styles.grid}>
      <Card aria-labelledby="invite-funnel" className={styles.wide}>
        <CardTitle id="invite-funnel">Funnel</CardTitle>
        {invites.funnel.used === 0 ? <p>Nobody has used an invite code yet.</p> : <Funnel funnel={invites.funnel} />}
      </Card>
      <Card aria-labelledby="invite-codes" className={styles.wide}>
        <CardTitle id="invite-codes">Codes</CardTitle>
        <p className={styles.muted}>
          Every KOL code, then member codes used at least once, most used first (at most {invites.code_limit}). Points
          paid: the inviter's claimed rewards and the invitees' welcome rewards.
        </p>
        <TableRegion className={styles.tableWrap} label="Invites per code">
          <table className={styles.table}>
            <caption className="visually-hidden">Invites per code</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Owner</th>
                <th scope="col" className={styles.number}>
                  Uses
                </th>
                <th scope="col" className={styles.number}>
                  Qualified
                </th>
                <th scope="col" className={styles.number}>
                  Pending
                </th>
                <th scope="col" className={styles.number}>
                  Refused
                </th>
                <th scope="col">Refusal reasons</th>
                <th scope="col" className={styles.number}>
                  Points paid
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.codes.map((code) => (
                <tr key={code.code}>
                  <th scope="row">
                    <span className={styles.mono}>{code.code}</span>{" "}
                    {code.kind === "kol" ? <Badge tone="gold">KOL</Badge> : null}
                    {code.disabled ? <Badge tone="danger">Disabled</Badge> : null}
                  </th>
                  <td>{code.owner_email}</td>
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
            </tbody>
          </table>
        </TableRegion>
      </Card>
    </div>
  );
}
