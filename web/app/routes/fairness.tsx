import { PublicFairnessPanels } from "../features/fairness/public-fairness-page";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/fairness";

export const loader = messagesLoader("loot");

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "shell.page.fairness", "loot.public.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function FairnessPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t("loot.public.eyebrow")} title={t("shell.page.fairness")}>
        <p>{t("loot.public.lead")}</p>
      </PageHeader>
      <PublicFairnessPanels />
    </div>
  );
}
