import { GenesisPassSections } from "../features/genesis-pass/genesis-pass-page";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/genesis-pass";

export const loader = messagesLoader("pass");

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shell.page.pass", "pass.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function GenesisPassPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t("pass.eyebrow")} title={t("shell.page.pass")}>
        <p>{t("pass.lead")}</p>
      </PageHeader>
      <GenesisPassSections />
    </div>
  );
}
