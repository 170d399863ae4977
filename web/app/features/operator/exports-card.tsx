import { exportBoxOpeningsRoute, exportLedgerRoute, exportMembersRoute } from "@arcana/protocol/calls";
import { apiHref } from "../../lib/api";
import { Button, buttonClassName } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { Input } from "../../ui/input";
import styles from "./operator.module.css";

/** CSV downloads, streamed by the server; each export is written to the audit log. */
export function ExportsCard({ from, to }: { from: string; to: string }) {
  return (
    <Card aria-labelledby="exports">
      <CardTitle id="exports">Exports (CSV)</CardTitle>
      <form method="get" action={apiHref(exportLedgerRoute)} className={styles.row}>
        <Input label="Ledger from (GMT day)" type="date" name="from" defaultValue={from} required />
        <Input label="to" type="date" name="to" defaultValue={to} required />
        <Button type="submit" variant="secondary">
          Download the ledger
        </Button>
      </form>
      <div className={styles.row}>
        <a className={buttonClassName({ variant: "secondary" })} href={apiHref(exportMembersRoute)} download>
          Download members
        </a>
        <a
          className={buttonClassName({ variant: "secondary" })}
          href={apiHref(exportBoxOpeningsRoute, { query: { from, to } })}
          download
        >
          Download box openings
        </a>
      </div>
      <p className={styles.muted}>
        Box openings cover {from} to {to}, like the charts. Each export is recorded in the audit log under your name.
      </p>
    </Card>
  );
}
