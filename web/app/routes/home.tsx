import { lazy, Suspense } from "react";
import { greetingFor } from "../features/account/greeting";
import { useSessionUser } from "../features/account/use-session-user";
import { FeatureTiles } from "../features/home/feature-tiles";
import { VisitorHero } from "../features/home/visitor-hero";
import { withCatalog } from "../i18n/loaded-catalogs";
import { messagesLoader } from "../i18n/messages.server";
import { useT } from "../i18n/use-t";
import { pageMeta } from "../lib/page-meta";
import styles from "../ui/page.module.css";
import { PageHeader } from "../ui/page-header";
import type { Route } from "./+types/home";

// Visitors, most of the first loads of `/`, never download the member's dashboard.
const MemberDashboard = lazy(() =>
  import("../features/home/member-dashboard").then((module) => ({ default: module.MemberDashboard })),
);

export const loader = messagesLoader("home");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withCatalog(serverLoader);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, undefined, "home.description");

export default function HomePage() {
  const user = useSessionUser();
  const t = useT();
  if (!user) {
    return (
      <div className={styles.page}>
        <VisitorHero />
        <FeatureTiles />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader eyebrow={t("home.dashboard")} title={t("home.hero.title")}>
        <p>{t(greetingFor(user, Date.now()), { email: user.email })}</p>
      </PageHeader>
      <Suspense fallback={null}>
        <MemberDashboard />
      </Suspense>
      <FeatureTiles />
    </div>
  );
}
