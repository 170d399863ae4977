import { Link } from "react-router";
import { LootBoxPage as LootBox } from "../features/loot-box/loot-box-page";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/loot-box";

export const loader = messagesLoader("loot");

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shell.page.loot", "loot.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function LootBoxPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t("loot.eyebrow")} title={t("shell.page.loot")}>
        <p>{t("loot.lead")}</p>
        <p>
          <Link to="/fairness">{t("loot.public.link")}</Link>
        </p>
      </PageHeader>
      <LootBox />
    </div>
  );
}
