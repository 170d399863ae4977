import { Link } from "react-router";
import { useSessionUser } from "../features/account/use-session-user";
import { MemberDashboard } from "../features/home/member-dashboard";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import { buttonClassName } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Logo } from "../ui/logo";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/app";

export const loader = messagesLoader("home");

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "shell.page.app", "home.appDescription");

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export default function AppDashboardPage() {
  const user = useSessionUser();
  const t = useT();
  return (
    <div className={styles.page}>
      <Link to="/" aria-label={t("shell.homeLink")}>
        <Logo />
      </Link>
      <PageHeader eyebrow={t("home.appEyebrow")} title={t("home.hero.title")}>
        <p>{t("home.appLead")}</p>
      </PageHeader>
      {user ? (
        <MemberDashboard />
      ) : (
        <EmptyState
          sigil="moon"
          title={t("home.appSignInTitle")}
          action={
            <Link to="/auth?redirect=%2Fapp" className={buttonClassName({})}>
              {t("shell.signIn")}
            </Link>
          }
        >
          <p>{t("home.appSignInText")}</p>
        </EmptyState>
      )}
    </div>
  );
}
