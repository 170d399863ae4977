import { DailyTarot } from "../features/tarot/daily-tarot";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/daily-tarot";

export const loader = messagesLoader("tarot");

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shell.page.tarot", "tarot.description");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function DailyTarotPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t("tarot.eyebrow")} title={t("shell.page.tarot")}>
        <p>{t("tarot.lead")}</p>
      </PageHeader>
      <DailyTarot />
    </div>
  );
}
