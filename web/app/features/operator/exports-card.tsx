import { exportBoxOpeningsRoute, exportLedgerRoute, exportMembersRoute } from "@arcana/protocol/calls";
import { useT } from "../../i18n/use-t";
import { apiHref } from "../../lib/api";
import { Button, buttonClassName } from "../../ui/button";
import { Card, CardTitle } from "../../ui/card";
import { Input } from "../../ui/input";
import styles from "./operator.module.css";

/** CSV downloads, streamed by the server; each export is written to the audit log. */
export function ExportsCard({ from, to }: { from: string; to: string }) {
  const t = useT();
  return (
    <Card aria-labelledby="exports">
      <CardTitle id="exports">{t("operator.exports.title")}</CardTitle>
      <form method="get" action={apiHref(exportLedgerRoute)} className={styles.row}>
        <Input label={t("operator.exports.ledgerFrom")} type="date" name="from" defaultValue={from} required />
        <Input label={t("operator.exports.ledgerTo")} type="date" name="to" defaultValue={to} required />
        <Button type="submit" variant="secondary">
          {t("operator.exports.ledger")}
        </Button>
      </form>
      <div className={styles.row}>
        <a className={buttonClassName({ variant: "secondary" })} href={apiHref(exportMembersRoute)} download>
          {t("operator.exports.members")}
        </a>
        <a
          className={buttonClassName({ variant: "secondary" })}
          href={apiHref(exportBoxOpeningsRoute, { query: { from, to } })}
          download
        >
          {t("operator.exports.boxOpenings")}
        </a>
      </div>
      <p className={styles.muted}>{t("operator.exports.note", { from, to })}</p>
    </Card>
  );
}
